package main

import (
	"strings"
	"testing"
)

// A replay off a terminal says what does the same headless (replay
// --against, export), not the debugger's advice: mcpscope exec replays
// nothing.
func TestReplayWithoutATerminalNamesTheHeadlessWays(t *testing.T) {
	dir := oneSessionRecorded(t)
	rec := onlyRecording(t, dir)
	_, errOut, code := run(t, "replay", rec)
	if code != exitUsage || !strings.Contains(errOut, "mcpscope replay "+rec+" --against URL") || !strings.Contains(errOut, "mcpscope export "+rec) || strings.Contains(errOut, "mcpscope exec") {
		t.Errorf("exit %d %q; want a usage error naming replay --against and export", code, errOut)
	}
}
