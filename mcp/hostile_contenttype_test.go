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
	for _, l := range listToolsInBothEras(t, func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		x.Status(http.StatusOK, "text/event-stream", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
	}) {
		if CauseOf(l.err) != CauseBadContentType || !strings.Contains(l.err.Error(), "reads as JSON") {
			t.Errorf("%s: tools/list = %v (cause %q), want %q saying the body is JSON", l.url, l.err, CauseOf(l.err), CauseBadContentType)
		}
		kept := false
		for _, r := range l.rec.all() {
			kept = kept || r.Kind == KindEvent && strings.Contains(string(r.Event.Raw), `"tools":[]`)
		}
		if !kept {
			t.Errorf("%s: the body is not in the log", l.url)
		}
	}
}

// eraListing is what tools/list did against one era's server.
type eraListing struct {
	url string
	err error
	rec *recorded
}

// listToolsInBothEras calls tools/list on a 2026-07-28 stateless server and
// on a 2025 streamable one, each answering as handle does, the session
// closed after it, for tests of an answer's labels in every era that has
// them.
func listToolsInBothEras(t *testing.T, handle func(x *mcptest.Exchange)) []eraListing {
	t.Helper()
	stateless := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: handle})
	stateful := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: handle})
	var out []eraListing
	for _, url := range []string{stateless.URL, stateful.URL} {
		s := NewSession(Config{URL: url, NoListen: true, NoGetStream: true})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Fatalf("%s: Connect: %v", url, err)
		}
		_, _, err := s.ListTools(testCtx(t), false)
		s.Close()
		rec.waitEnd(t)
		out = append(out, eraListing{url, err, rec})
	}
	return out
}
