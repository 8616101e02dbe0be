package history

import "testing"

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
