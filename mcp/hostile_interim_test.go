package mcp

import (
	"net/http"
	"strings"
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

	s, _ = connect(t, Config{URL: srv.URL, RequestTimeout: 500 * time.Millisecond, NoGetStream: true, Header: http.Header{"X-Then": {"silence"}}})
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
	s, _ := connect(t, Config{URL: srv.URL, RequestTimeout: 300 * time.Millisecond, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "answered 199, an interim answer") {
		t.Errorf("tools/list answered 199 and nothing more = %v, want the 199 said as it is", err)
	}
}
