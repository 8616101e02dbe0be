package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server answering tools/list as JSON labelled charset=iso-8859-1, with
// an é in latin-1 in a description, shows U+FFFD there: exec's notes say
// why, with the first answer, once for the session though every answer
// came so, where only the recording's HTTP record named the charset.
func TestExecSaysAnswerCharsetOnce(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Status(http.StatusOK, "application/json; charset=iso-8859-1", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[{"name":"greet","description":"caf`+"\xe9"+`","inputSchema":{"type":"object"}}]}}`)
	})})
	stdout, stderr, code := run(t, "exec", srv.Endpoint(), "tools/list", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitOK, stderr)
	}
	words := "· a JSON answer held bytes that are not UTF-8: it is labelled charset=iso-8859-1: JSON is UTF-8 only, and mcpscope read it as UTF-8, so its bytes that are not UTF-8 show as U+FFFD"
	if got := strings.Count(stdout, words); got != 1 {
		t.Errorf("exec said %q %d times, want once; stdout:\n%s\nstderr:\n%s", words, got, stdout, stderr)
	}
}
