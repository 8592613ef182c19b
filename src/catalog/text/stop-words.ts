/**
 * Words that carry no meaning for choosing a tool: English function words plus the fillers of requests
 * ("please", "can you", "I need"). Dropped from tool texts and queries before ranking; the SPEC BM25 that
 * guards the top result still sees them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing done down during each either etc few for from further had has ' +
    'have having he her here hers herself him himself his how i if in into is it its itself just let lets like ' +
    'may me might more most must my myself no nor not now of off on once only or other ought our ours ourselves ' +
    'out over own please same shall she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up upon us very via was we were what when where which while ' +
    'who whom whose why will with within without would you your yours yourself yourselves ' +
    'hi hello hey thanks thank kindly want wants wanted need needs needed help tell give gives using use used ' +
    'whether able something anything everything someone anyone specific specified given provided based certain ' +
    'e g eg ie s t'
  ).split(' '),
);
