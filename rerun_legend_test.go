package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay --against says once, above the diffs, which side is the
// recording and which the server answering now: "- Hello" and "+ Hi"
// alone left a first-time reader to guess. With nothing different there
// is no legend to read. Results are printed as they are judged, so the
// legend goes just above the first that is not the same.
func TestRerunSaysWhichSideIsWhich(t *testing.T) {
	dir := stateDir(t)
	rec := filepath.Join(dir, "greet.jsonl")
	hello := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", "--record", rec, hello+"/mcp", "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	hi := demotest.Start(t, demo.Options{Greeting: "Hi"}).URL
	out, errOut, code := run(t, "replay", rec, "--against", hi+"/mcp")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	want := "- recorded in " + rec + "\n+ answered now by " + hi + "/mcp\n\n"
	first := strings.Index(out, "different   tools/call greet")
	if at := strings.Index(out, want); at < 0 || first < 0 || at > first || strings.Count(out, "answered now by") != 1 || !strings.Contains(out, `- "Hello, Ann!"`) || !strings.Contains(out, `+ "Hi, Ann!"`) {
		t.Errorf("output does not hold the legend %q once, above the first diff:\n%s", want, out)
	}
	out, _, _ = run(t, "replay", rec, "--against", hello+"/mcp")
	if strings.Contains(out, "answered now by") {
		t.Errorf("a re-run with nothing different prints the legend:\n%s", out)
	}
}
