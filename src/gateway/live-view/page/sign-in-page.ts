/**
 * The page a browser that is not signed in gets (with 401): why, and a form that exchanges the
 * one-time code the gateway printed for the page's cookie. The code goes in the request body (POST),
 * never in the address bar; no script. `message` is plain text, escaped here.
 */
export function signInPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>Sign in: Tool Search gateway</title>
<link rel="stylesheet" href="/live-view.css">
</head>
<body class="sign-in">
<header><h1>Tool Search gateway</h1></header>
<main class="sign-in">
  <section>
    <h2>Sign in to the live view</h2>
    <p id="sign-in-message" class="notice-text">${escapeHtml(message)}</p>
    <form id="sign-in-form" method="post" action="/sign-in" autocomplete="off">
      <label for="sign-in-code">One-time code</label>
      <input id="sign-in-code" name="code" placeholder="XXXX-XXXX-XXXX-XXXX-XXXX" maxlength="64" required autofocus spellcheck="false">
      <button type="submit">Sign in</button>
    </form>
    <p class="reason">The gateway prints a code to its log (stderr; a stdio gateway's log is its MCP client's) at start
    and a new one each time a browser signs in: <code>live view: http://127.0.0.1:PORT/ (one-time code XXXX-…)</code>.
    Each code signs in one browser once. The MCP token is never asked for here.</p>
  </section>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
