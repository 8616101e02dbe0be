package mcp

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST of notifications/initialized that the server never answers, not
// even with a status, fails the handshake after the request timeout saying
// the POST got no answer in time, as any POST does; the context its
// answer's stream would be read under does not turn that into "context
// canceled".
func TestNotificationNeverAnsweredIsAPostTimeout(t *testing.T) {
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		<-x.Request.Context().Done()
	})
	s := NewSession(Config{URL: srv.URL, Transport: TransportStreamable, RequestTimeout: time.Second, NoGetStream: true})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CausePostTimeout {
		t.Errorf("Connect = %v (cause %q), want the POST of notifications/initialized to time out", err, CauseOf(err))
	}
	s.Close()
	rec.waitEnd(t)
}
