package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// A log message reads as its level, logger and text (a JSON string as its
// text, other data compact), a resource update as its URI; a notification
// without those words, or of another method, has none.
func TestReadNote(t *testing.T) {
	for _, tc := range []struct {
		method, raw string
		want        NoteWords
		ok          bool
	}{
		{"notifications/message", `{"method":"notifications/message","params":{"level":"error","logger":"db","data":"disk full"}}`, NoteWords{Level: "error", Logger: "db", Text: "disk full"}, true},
		{"notifications/message", `{"method":"notifications/message","params":{"level":"info","data":{ "code" : 7 }}}`, NoteWords{Level: "info", Text: `{"code":7}`}, true},
		{"notifications/message", `{"method":"notifications/message","params":{"data":"no level"}}`, NoteWords{}, false},
		{"notifications/message", `{"method":"notifications/message","params":{"level":5,"logger":{"o":1},"data":"x"}}`, NoteWords{Level: "5", Text: "x", Odd: "its level is an integer, where a string belongs; its logger is an object, where a string belongs"}, true},
		{"notifications/message", `{"method":"notifications/message","params":{"level":"loud","logger":"db","data":"x"}}`, NoteWords{Level: "loud", Logger: "db", Text: "x", Odd: "its level is none of debug, info, notice, warning, error, critical, alert, emergency"}, true},
		{"notifications/message", `{"method":"notifications/message","params":{"level":null,"data":"x"}}`, NoteWords{}, false},
		{"notifications/resources/updated", `{"method":"notifications/resources/updated","params":{"uri":"demo://clock"}}`, NoteWords{URI: "demo://clock"}, true},
		{"notifications/resources/updated", `{"method":"notifications/resources/updated","params":{}}`, NoteWords{}, false},
		{"notifications/tasks/status", `{"method":"notifications/tasks/status","params":{"taskId":"t-1","status":"working","statusMessage":"step 2"}}`, NoteWords{Task: "t-1", Status: "working", Text: "step 2"}, true},
		{"notifications/tasks/status", `{"method":"notifications/tasks/status","params":{"status":"working"}}`, NoteWords{}, false},
		{"notifications/tools/list_changed", `{"method":"notifications/tools/list_changed"}`, NoteWords{}, false},
	} {
		got, ok := ReadNote(tc.method, []byte(tc.raw))
		if got != tc.want || ok != tc.ok {
			t.Errorf("ReadNote(%s) = %+v, %v, want %+v, %v", tc.raw, got, ok, tc.want, tc.ok)
		}
	}
}

// A notification reads the same at every edge: each edge only chooses its
// cut, how much text it has room for, and whether the logger fits.
func TestNoteWordsLine(t *testing.T) {
	cut := func(s string, n int) string { return clip.Prefix(s, n) }
	long := strings.Repeat("x", 300)
	for _, tc := range []struct {
		w      NoteWords
		text   int
		logger bool
		want   string
	}{
		{NoteWords{Level: "error", Logger: "db", Text: "disk full"}, 0, true, "log error db: disk full"},
		{NoteWords{Level: "error", Logger: "db", Text: "disk full"}, 200, false, "log error: disk full"},
		{NoteWords{Level: "info"}, 200, true, "log info"},
		{NoteWords{URI: "demo://clock"}, 200, false, "updated demo://clock"},
		{NoteWords{Task: "t-1", Status: "working", Text: "step 2"}, 200, false, "task t-1 working: step 2"},
		{NoteWords{Task: "t-1", Status: "working"}, 0, true, "task t-1 working"},
		{NoteWords{Level: "info", Text: long}, 200, false, "log info: " + long[:200]},
		{NoteWords{Level: "info", Text: long}, 0, false, "log info: " + long},
		{NoteWords{Task: long, Status: long}, 0, false, "task " + long[:64] + " " + long[:32]},
		// A request of ours with a long method is cut where its row cuts it.
		{NoteWords{Cancelled: "3", Ours: "tools/" + long, Text: "stop"}, 0, false, "the server said it cancelled request 3, a request sent to it (" + ("tools/" + long)[:mcp.NameLimit] + "): stop"},
		{NoteWords{Cancelled: long}, 0, false, "server cancelled its own request " + long[:64]},
		// A log's logger is a name, cut where every name is.
		{NoteWords{Level: "info", Logger: long, Text: "hi"}, 0, true, "log info " + long[:mcp.NameLimit] + ": hi"},
	} {
		if got := tc.w.Line(cut, tc.text, tc.logger); got != tc.want {
			t.Errorf("%+v.Line(text %d, logger %v) = %q, want %q", tc.w, tc.text, tc.logger, got, tc.want)
		}
	}
}
