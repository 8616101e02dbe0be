package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// replay --against demo with a recording of another server says so before
// the diff, whose every line may be only that the servers differ; one of
// the demo's own recordings gets no such word.
func TestRerunAgainstTheDemoSaysWhenTheRecordingIsOfAnotherServer(t *testing.T) {
	state := stateDir(t)
	srv := mcptest.New(t, mcptest.Options{})
	if _, errOut, code := run(t, "exec", srv.SSEURL(), "tools/list"); code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	file := onlyRecording(t, state)
	_, errOut, _ := run(t, "replay", file, "--against", "demo")
	if want := "warning: the recording is of " + srv.SSEURL() + ", not of the built-in demo gateway"; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}

	demoState := stateDir(t)
	if _, errOut, code := run(t, "exec", "tools/list"); code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	if _, errOut, _ := run(t, "replay", onlyRecording(t, demoState), "--against", "demo"); strings.Contains(errOut, "not of the built-in demo") {
		t.Errorf("a recording of the demo is said to be of another server:\n%s", errOut)
	}
}

// A recording made against mcpscope demo-server, run on its own, names no
// demo in its header, but the server named itself the demo gateway in its
// answer: replay --against demo re-runs it with no warning that it is of
// another server. The same demo under another name is warned of still.
func TestRerunAgainstTheDemoKnowsADemoServerByItsName(t *testing.T) {
	for name, warns := range map[string]bool{"": false, "other-gateway": true} {
		state := stateDir(t)
		url := demotest.Start(t, demo.Options{Name: name}).URL + demo.StatelessPath
		if _, errOut, code := run(t, "exec", url, "tools/list"); code != exitOK {
			t.Fatalf("exit %d, stderr:\n%s", code, errOut)
		}
		out, errOut, code := run(t, "replay", onlyRecording(t, state), "--against", "demo")
		if got := strings.Contains(errOut, "not of the built-in demo gateway"); got != warns {
			t.Errorf("server named %q: warned %v, want %v; exit %d, stderr:\n%s\nstdout:\n%s", name, got, warns, code, errOut, out)
		}
	}
}
