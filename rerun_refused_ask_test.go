package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server request mcpscope refused when recording (a URL elicitation
// given --answer with fields, which such a form cannot take) is refused
// again in a re-run with the recorded error, code and message as they were:
// server-everything echoes the refusal into its tool's result, and a
// refusal reworded by the re-run ("answered with an error in the
// recording: mcpscope could not answer ...: mcpscope could not answer
// ...") made a faithful server's answer differ.
func TestRerunRefusesAgainAsRecorded(t *testing.T) {
	dir := stateDir(t)
	call := `tools/call ask method=elicitation/create params:='{"mode":"url","url":"https://example.com/go","message":"Open it","elicitationId":"e1"}'`
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "exec", "--no-get-stream", "--answer", "elicitation accept name=Ann", srv.Endpoint(), call)
	if code != exitOK || !strings.Contains(out, `"code":-32603`) {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	file := onlyRecording(t, dir)
	again := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code = run(t, "replay", file, "--against", again.Endpoint())
	if !strings.Contains(out, "0 different") || strings.Contains(out, "in the recording") {
		t.Errorf("re-run: exit %d\n%s\n%s", code, out, errOut)
	}
}
