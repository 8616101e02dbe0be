package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A transcript the user saved with export into the sessions directory,
// named .jsonl, is the newest file there: last took it, and replay and
// export then refused it as "what mcpscope export wrote", and sessions
// counted it a recording. last passes over it to the newest recording,
// and sessions lists it after the recordings, not counted as one.
func TestLastPassesOverAnExportInTheSessionsDir(t *testing.T) {
	dir := stateDir(t)
	t.Chdir(t.TempDir())
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	_, errOut, code := run(t, "exec", url, "tools/list")
	if code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	_, recording, _ := strings.Cut(strings.TrimSpace(errOut[strings.LastIndex(errOut, "recorded to "):]), "recorded to ")
	transcript := filepath.Join(filepath.Dir(recording), "transcript.jsonl")
	if _, errOut, code := run(t, "export", "last", "--format", "json", "-o", transcript); code != exitOK {
		t.Fatalf("export last -o %s: exit %d: %s", transcript, code, errOut)
	}

	out, errOut, code := run(t, "export", "last")
	if code != exitOK || !strings.Contains(out, "# mcpscope session: "+url) || !strings.Contains(errOut, "note: last is "+recording+", the recording written to last") {
		t.Errorf("export last beside a transcript: exit %d, stderr %q, stdout %.120q", code, errOut, out)
	}
	_, errOut, code = run(t, "replay")
	if code != exitUsage || !strings.Contains(errOut, "the newest:\n  "+recording+"\n") || strings.Contains(errOut, transcript) {
		t.Errorf("replay with no FILE: exit %d, stderr %q, want the recording alone as the newest", code, errOut)
	}

	out, errOut, code = run(t, "sessions")
	if code != exitOK {
		t.Fatalf("sessions: exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[1], recording) || !strings.Contains(lines[2], transcript) || !strings.Contains(lines[2], "not a recording") {
		t.Errorf("sessions lists:\n%s\nwant the recording, then the transcript marked as no recording", out)
	}
	if want := "1 recording in " + dir; !strings.Contains(errOut, want) || !strings.Contains(errOut, "1 other .jsonl") {
		t.Errorf("sessions says %q, want %q and the other file", errOut, want)
	}
}
