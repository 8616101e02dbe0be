package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The warning exec --linger gives when the stream the server sends its
// notifications on was not up by the time the first command went.
const lateStreamWarning = "the commands were sent anyway; notifications the server sent before the stream was up may be missed"

// A 2026 server that never acknowledges the listen stream: exec --linger
// waits its 2 s for it, then sends the command and says once, on stderr,
// that notifications sent before the stream was up may be missed, where it
// went on without a word.
func TestExecLingerSaysTheListenStreamWasNotAcknowledged(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.ListenWithoutAck})
	out, errOut, code := run(t, "exec", "--no-record", "--linger", "100ms", srv.Endpoint(), "tools/list", "prompts/list")
	want := "warning: the server did not acknowledge the listen stream within 2s: " + lateStreamWarning + "\n"
	if code != exitOK || strings.Count(errOut, want) != 1 {
		t.Errorf("exit %d, want 0 and once on stderr %q:\n%s\n%s", code, want, out, errOut)
	}
}

// A 2025 streamable server that holds the GET for its stream without
// answering it: exec --linger says so once, the same way; exec without
// --linger, waiting for no notification, says nothing of it.
func TestExecLingerSaysTheGETStreamWasNotAnswered(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	srv := mcptest.Front(t, fake.URL, func(_ http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method != http.MethodGet {
			return false
		}
		<-r.Context().Done()
		return true
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--linger", "100ms", srv.URL+"/mcp", "tools/list")
	want := "warning: the server did not answer the GET that opens its stream within 1s: " + lateStreamWarning + "\n"
	if code != exitOK || strings.Count(errOut, want) != 1 {
		t.Errorf("exit %d, want 0 and once on stderr %q:\n%s\n%s", code, want, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+"/mcp", "tools/list")
	if code != exitOK || strings.Contains(errOut, "GET") {
		t.Errorf("without --linger: exit %d, want 0 and nothing said of the GET:\n%s\n%s", code, out, errOut)
	}
}
