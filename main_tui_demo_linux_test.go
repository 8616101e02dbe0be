//go:build linux

package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// A session with the built-in demo gateway (mcpscope with no URL) is named
// as one afterwards: sessions listed it by its random port, long closed,
// which told the user nothing; replay --against demo re-runs it against the
// demo started again on the path it used, where a re-run could only be sent
// to that dead port ("is the server started"); a replay and export name it
// so too.
func TestBuiltInDemoSessionIsNamedAndRerunAsTheDemo(t *testing.T) {
	state := t.TempDir()
	r := startOnPTYIn(t, "dumb", state, "--transport", "streamable")
	// Streamable HTTP initializes as it opens.
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "● initialized") }) {
		t.Fatalf("the demo session was not initialized within 10s: %q", r.out.String())
	}
	r.typeKeys(t, ":")
	r.typeKeys(t, "tools/call greet name=Ann\r")
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "tools/call greet: ok") }) {
		t.Fatalf("the tool call was not answered within 10s: %q", r.out.String())
	}
	if err := r.quit(t); err != nil {
		t.Fatalf("quitting the TUI: %v\n%q", err, r.out.String())
	}

	t.Setenv("MCPSCOPE_STATE_DIR", state)
	file := onlyRecording(t, filepath.Join(state, "sessions"))
	rd, err := history.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	recorded := rd.Header().URL
	rd.Close()

	out, errOut, code := run(t, "sessions")
	if code != exitOK || !strings.Contains(out, "built-in demo (/mcp)") || strings.Contains(out, recorded) {
		t.Errorf("sessions: exit %d, want the recording named built-in demo (/mcp), not %s:\n%s%s", code, recorded, out, errOut)
	}

	out, errOut, code = run(t, "replay", file, "--against", "demo")
	again := regexp.MustCompile(`re-running against the built-in demo gateway at http://127\.0\.0\.1:\d+/mcp\n`)
	if code != exitOK || !again.MatchString(errOut) || !strings.Contains(out, "same        tools/call greet") || !strings.Contains(out, "3 requests: 3 same") {
		t.Errorf("replay --against demo: exit %d, want the demo started again on /mcp and the request the same:\n%s%s", code, out, errOut)
	}

	_, errOut, code = run(t, "replay", file, "--against", recorded)
	if code != exitConnect || !strings.Contains(errOut, "is a recording of the built-in demo gateway, whose port closed with it: --against demo starts the demo again") {
		t.Errorf("replay --against the recorded %s: exit %d, want the way out named:\n%s", recorded, code, errOut)
	}

	// A replay's status bar names it so, where the records name the port.
	rp := startOnPTYIn(t, "dumb", state, "replay", file)
	if !pollFor(func() bool { return strings.Contains(rp.out.String(), "· built-in demo (/mcp) ·") }) {
		t.Errorf("the replay's status bar does not name the built-in demo within 10s: %q", rp.out.String())
	}
	_ = rp.quit(t)

	out, errOut, code = run(t, "export", file)
	if code != exitOK || !strings.HasPrefix(out, "# mcpscope session: built-in demo (/mcp)\n") {
		t.Errorf("export: exit %d, want the title to name the built-in demo:\n%.300s%s", code, out, errOut)
	}
	out, errOut, code = run(t, "export", file, "--format", "json")
	if code != exitOK || !strings.Contains(out, `"server": "built-in demo (/mcp)"`) || !strings.Contains(out, `"demo": true`) {
		t.Errorf("export --format json: exit %d, want the server named the built-in demo:\n%.600s%s", code, out, errOut)
	}
}
