package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A recorded request whose params held the user's credential holds
// [redacted] in its place, and a re-run sends that, having no value to
// send: the report says so for that request, in text and in --json,
// instead of a "same" that hides what was sent.
func TestRerunSaysWhenItSentTheRedactionMark(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL + demo.StreamablePath
	const token = "TOKEN-params-31c8e0"
	file := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", file, "--bearer", token, url, "tools/call greet name="+token, "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exec exit %d\n%s", code, errOut)
	}
	const note = "its params held a credential the recording redacted: sent as [redacted]"

	out, errOut, code := run(t, "replay", file, "--against", url)
	if code != exitOK || strings.Count(out, note) != 1 {
		t.Fatalf("re-run: exit %d, want 0 and the note said once\n%s\n%s", code, out, errOut)
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, note) && (i == 0 || !strings.HasSuffix(lines[i-1], "tools/call greet")) {
			t.Errorf("the note is not under the first greet's line:\n%s", out)
		}
	}

	out, errOut, code = run(t, "replay", file, "--json", "--against", url)
	var report struct {
		Results []struct {
			Method, Tool, Redacted string
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil || code != exitOK {
		t.Fatalf("re-run --json: exit %d, %v\n%s\n%s", code, err, out, errOut)
	}
	var notes []string
	for _, r := range report.Results {
		notes = append(notes, r.Method+" "+r.Tool+": "+r.Redacted)
	}
	want := []string{"initialize : ", "tools/list : ", "tools/call greet: " + note, "tools/call greet: "}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("re-run --json results say\n%s\nwant\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}
