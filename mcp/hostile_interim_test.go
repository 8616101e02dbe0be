package mcp

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// 1xx answers are word that an answer is coming. Many of them ahead of
// the answer (103 Early Hints, again and again) change nothing; one and
// then silence is a server stuck on the request. Its timeout used to say
// "the POST's answer began, but its status line and headers never ended"
// and blame a proxy buffering the stream; it says what came.
func TestInterimAnswers(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		if x.Request.Header.Get("X-Then") == "silence" {
			x.Interim(http.StatusContinue)
			<-x.Context().Done()
			return
		}
		for range 50 {
			x.Interim(http.StatusEarlyHints)
		}
		x.Default()
	})
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list after 50 103 Early Hints: %v", err)
	}

	// The timeout bounds the handshake and the 100's coming too: at
	// 500ms (300ms below) a loaded machine under -race ran past it first.
	s, _ = connect(t, Config{URL: srv.URL, RequestTimeout: 2 * time.Second, NoGetStream: true, Header: http.Header{"X-Then": {"silence"}}})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "answered 100 Continue, an interim answer saying one is coming, and then no final status") || CauseOf(err) != CausePostTimeout {
		t.Errorf("tools/list answered 100 Continue and nothing more = %v (cause %v), want the 100 said and the server stuck", err, CauseOf(err))
	}
}

// A 1xx code net/http has no reason phrase for (a 199 of the server's
// own) is said as the code alone: it used to leave a gap where the phrase
// goes ("answered 199 , an interim answer").
func TestInterimAnswerOfAnUnknownCode(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Interim(199)
		<-x.Context().Done()
	})
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 2 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "answered 199, an interim answer") {
		t.Errorf("tools/list answered 199 and nothing more = %v, want the 199 said as it is", err)
	}
}

// A 1xx followed by a final status line that begins and stalls is said as
// that, a stalled answer: it used to be said as a 1xx and then no final
// status, a server stuck before its status, and the advice looked for a
// server stuck on the request rather than one stuck while writing.
func TestInterimAnswerThenAFinalStatusThatStalls(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	var sess atomic.Pointer[Session]
	front := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, _ []byte) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		defer conn.Close()
		_, _ = io.WriteString(conn, "HTTP/1.1 103 Early Hints\r\n\r\n")
		// The final status begins only once the 103 was read on its own.
		if !waitInterimRead(sess.Load()) {
			t.Error("mcpscope never read the 103")
			return
		}
		_, _ = io.WriteString(conn, "HTTP/1.1 200 OK\r\nContent-Type: appl")
		_, _ = conn.Read(make([]byte, 1)) // until mcpscope gives up and closes
	})
	s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, NoGetStream: true, RequestTimeout: time.Second})
	t.Cleanup(func() { s.Close() })
	sess.Store(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "answered 103 Early Hints, an interim answer saying one is coming, and then its final status line and headers began, but never ended") || CauseOf(err) != CauseStalled {
		t.Errorf("tools/list answered 103 and then half a status line = %v (cause %v), want the 103 said and the final status stalled", err, CauseOf(err))
	}
}

// waitInterimRead waits, bounded, until a request of s has read a 1xx
// answer: nothing but the request itself knows it has.
func waitInterimRead(s *Session) bool {
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		s.mu.Lock()
		read := false
		for _, p := range s.pairs.open {
			read = read || p.interim.Load() != 0
		}
		s.mu.Unlock()
		if read {
			return true
		}
		select {
		case <-tick.C:
		case <-deadline.C:
			return false
		}
	}
}
