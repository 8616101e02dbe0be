package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// AwaitListen returns once the listen stream's end is in the log, not
// only once it ended: exec reads what became of the stream from the
// records logged by then (Logged), and said "lingering …" of a stream the
// next record said was over ("stopped lingering" at once).
func TestAwaitListenReturnsWithTheStreamsEndLogged(t *testing.T) {
	refused := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.Error(CodeMethodNotFound, "no listen here")
	})
	for i := range 20 {
		_, s, rec := dialStateless(t, mcptest.StatelessOptions{Handle: refused}, Config{})
		if late := s.AwaitListen(testCtx(t)); late != "" {
			t.Fatalf("AwaitListen said %q of a stream refused at once", late)
		}
		logged := s.Logged()
		over := rec.waitFor(t, "the listen state saying it is over", func(r Record) bool {
			return r.Kind == KindState && r.State.State == StateListen && r.State.Over
		})
		if over.Seq > logged {
			t.Fatalf("try %d: AwaitListen returned with record %d logged, before the listen stream's end (record %d)", i+1, logged, over.Seq)
		}
		s.Close()
	}
}
