package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer labelled text/event-stream holds no event: the request
// fails at once saying the label is wrong, in both eras, and the body is
// still in the log.
func TestJSONAnswerLabelledEventStream(t *testing.T) {
	lie := func(x *mcptest.Exchange) bool {
		if x.Method != "tools/list" {
			return false
		}
		x.Status(http.StatusOK, "text/event-stream", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
		return true
	}
	stateless := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if !lie(x) {
			x.Default()
		}
	}})
	stateful := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if !lie(x) {
			x.Default()
		}
	}})
	for _, url := range []string{stateless.URL, stateful.URL} {
		s := NewSession(Config{URL: url, NoListen: true, NoGetStream: true})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Fatalf("%s: Connect: %v", url, err)
		}
		_, _, err := s.ListTools(testCtx(t), false)
		if CauseOf(err) != CauseBadContentType || !strings.Contains(err.Error(), "reads as JSON") {
			t.Errorf("%s: tools/list = %v (cause %q), want %q saying the body is JSON", url, err, CauseOf(err), CauseBadContentType)
		}
		s.Close()
		rec.waitEnd(t)
		kept := false
		for _, r := range rec.all() {
			kept = kept || r.Kind == KindEvent && strings.Contains(string(r.Event.Raw), `"tools":[]`)
		}
		if !kept {
			t.Errorf("%s: the body is not in the log", url)
		}
	}
}
