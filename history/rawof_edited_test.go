package history

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A message whose raw_of was edited to name a record other than the event
// line before it (an earlier event, itself, a later record) is skipped
// with a warning saying the reference is wrong, where it said that event
// record "could not be read (damaged or removed)", sending the reader to
// look for a damaged line the file does not have.
func TestARawOfNamingAnotherRecordSaysTheFileWasEdited(t *testing.T) {
	msg := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}`
	event := func(seq string) string {
		return `{"seq":` + seq + `,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"stream":"sse","name":"message","raw":"event: message\ndata: ` + strings.ReplaceAll(msg, `"`, `\"`) + `\n\n","data_at":[21,` + strconv.Itoa(21+len(msg)) + `]}}` + "\n"
	}
	received := func(seq, of string) string {
		return `{"seq":` + seq + `,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"notification","method":"notifications/message","conn":1,"stream":"sse","raw_of":{"seq":` + of + `,"from":0,"to":` + strconv.Itoa(len(msg)) + `}}}` + "\n"
	}
	header := `{"format":"mcpscope-session","version":2,"mcpscope":"dev","url":"http://127.0.0.1:9/sse","transport":"sse","started":"2026-11-20T21:57:41Z","host":"127.0.0.1:9","redacts":"headers"}` + "\n"
	for _, tc := range []struct{ name, of, want string }{
		{"an earlier event", "1", "its raw_of names event record 1, but the event line before it is record 3: the file was edited"},
		{"itself", "4", "its raw_of names record 4, which does not come before it"},
		{"a later record", "9", "its raw_of names record 9, which does not come before it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			body := header + event("1") + received("2", "1") + event("3") + received("4", tc.of)
			if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, r := readAll(t, path)
			w := strings.Join(r.Warnings(), "\n")
			if !strings.Contains(w, "line 5 is not a record ("+tc.want) {
				t.Errorf("warnings %q do not say %q", w, tc.want)
			}
			if strings.Contains(w, "could not be read (damaged or removed)") {
				t.Errorf("warnings %q send the reader to a damaged line the file does not have", w)
			}
		})
	}
}
