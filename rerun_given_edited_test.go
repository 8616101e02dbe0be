package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 round stopped before it was sent keeps the answers given in it
// (an error's given), which a re-run gives again. A hand-edited one that is
// no JSON object is said to be so, in a line: null was sent to the server
// as the form's answer, and 100 KB that are not JSON were quoted whole in
// the failure's line.
func TestRerunOfAnEditedGivenAnswerSaysWhatIsWrong(t *testing.T) {
	for name, given := range map[string]string{"null": "null", "not-json": "{" + strings.Repeat("A", 100_000)} {
		t.Run(name, func(t *testing.T) {
			file := recordConfirmedByAnn(t, "/stateless")
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`\{"seq":(\d+),[^\n]*"kind":"sent"[^\n]*"tool":"confirm","chain":(\d+),`).FindSubmatch(data)
			if m == nil {
				t.Fatalf("no round in the recording:\n%s", data)
			}
			round, _ := strconv.ParseInt(string(m[1]), 10, 64)
			first, _ := strconv.ParseInt(string(m[2]), 10, 64)
			// The round and all after it left out, but the session's end:
			// the round's asking stopped with the form's answer given.
			lines := strings.Split(strings.TrimSpace(string(data)), "\n")
			kept := []string{lines[0]}
			var last string
			for _, l := range lines[1:] {
				var r struct {
					Seq int64 `json:"seq"`
				}
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				if r.Seq < round {
					kept = append(kept, l)
				}
				last = l
			}
			stop, _ := json.Marshal(map[string]any{"seq": round, "time": recordTime(t, last), "kind": "error", "error": map[string]any{
				"op": "input", "message": "no answer came", "req_seq": first, "cause": "unanswered", "unanswered": []string{}, "given": map[string]string{"confirm": given},
			}})
			kept = append(kept, string(stop), last)
			if err := os.WriteFile(file, []byte(strings.Join(kept, "\n")+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			again := demotest.Start(t, demo.Options{}).URL + "/stateless"
			out, errOut, code := run(t, "replay", file, "--against", again)
			if code != exitFailed || !strings.Contains(out, "no JSON object (was the file edited?)") || len(out) > 2000 {
				t.Errorf("re-run: exit %d, %d bytes\n%.3000s\n%s", code, len(out), out, errOut)
			}
		})
	}
}

// recordTime is the time of the recorded line.
func recordTime(t *testing.T, line string) string {
	t.Helper()
	var r struct {
		Time string `json:"time"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatal(err)
	}
	return r.Time
}
