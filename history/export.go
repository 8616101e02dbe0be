package history

import (
	"encoding/json"
	"time"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp"
)

// How mcpscope export's output begins: the Markdown transcript's title
// (the URL follows) and the JSON's opening up to its header member. The
// reader knows a transcript given to replay by them (Reader.isExport).
const (
	exportMarkdownTitle = "# mcpscope session: "
	exportJSONOpening   = "{\n  \"header\": "
)

// impossible reports whether a recorded duration cannot be one an exchange
// took: negative, or longer than a week (a clock that jumped, an edited
// recording).
func impossible(d time.Duration) bool { return d < 0 || d > 7*24*time.Hour }

// jsonText reports whether raw is JSON an export can write as JSON: valid,
// and UTF-8 throughout, as JSON text must be. json.Valid alone passes a
// string holding a byte such as 0xff, which every encoder (and json.Indent's
// reader) then writes as "\ufffd": the transcript would say the server sent
// U+FFFD, where the recording keeps the byte it sent.
func jsonText(raw string) bool {
	return utf8.ValidString(raw) && json.Valid(bytesOf(raw))
}

// opener is the record that opened row p, whose time both exports give
// and whose kind says whether mcpscope sent or received it: its request,
// else the answer or our reply the row holds alone; nil for none.
func (p *Pair) opener() *mcp.Record {
	switch {
	case p.Request != nil:
		return p.Request
	case p.Response != nil:
		return p.Response
	}
	return p.Reply
}
