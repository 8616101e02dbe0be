package history

// GivenKeyLimit and GivenLimit are how much of a question's key and of the
// answer given to it a line shows under the failure that ended a 2026
// round before it was sent again (mcp.ErrorInfo.Given): Detail and the
// Markdown export cut them alike, and the JSON export keeps them whole.
// GivenMost is how many of those answers Detail and the Markdown export
// show, in key order, before they count the rest ("… N more"): a server
// may ask a round thousands of questions, and a line for each buried the
// row.
const (
	GivenKeyLimit = 64
	GivenLimit    = 1024
	GivenMost     = 20
)
