package mcp

import (
	"testing"
	"time"
)

// A request that waits on its own (a slow tool, no question asked) while
// another request's question is answered and the answer refused times out
// as a plain timeout: the refused answer was the other request's wait, and
// advice about it would send the user after the wrong cause.
func TestTimeoutOfAnotherRequestIsNotBlamedOnARefusedAnswer(t *testing.T) {
	slowSeen := make(chan struct{})
	s := NewSession(Config{URL: sessionlessAsker(t, slowSeen), Transport: TransportStreamable, NoGetStream: true, RequestTimeout: time.Second})
	collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	slow := make(chan error, 1)
	go func() {
		_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		slow <- err
	}()
	waitClosed(t, slowSeen, "the slow tools/call at the server")
	if _, err := s.CallTool(testCtx(t), "ask", []byte(`{}`)); CauseOf(err) != CauseReplyRefused {
		t.Fatalf("ask: cause %q (%v), want %q", CauseOf(err), err, CauseReplyRefused)
	}
	if err := <-slow; CauseOf(err) != CauseTimeout {
		t.Errorf("slow: cause %q (%v), want a plain %q: no question was asked on its stream", CauseOf(err), err, CauseTimeout)
	}
}
