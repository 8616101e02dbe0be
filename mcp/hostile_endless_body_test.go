package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request answered 200 with a body that is neither JSON nor an event
// stream, and never ends, is said to be of the wrong Content-Type once
// answeredLinger has passed: it used to wait the whole timeout and then
// say no answer came.
func TestRequestAnsweredWithAnEndlessPageOfTheWrongType(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.StatusOpen(http.StatusOK, "text/html", "<html>loading")
		<-x.Request.Context().Done()
	})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	start := time.Now()
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseBadContentType || !strings.Contains(err.Error(), "text/html") {
		t.Errorf("tools/list = %v (cause %q), want the Content-Type named", err, CauseOf(err))
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("tools/list took %v, want about %v", d, answeredLinger)
	}
	s.Close()
	rec.waitEnd(t)
}

// A legacy request whose POST is answered 200 text/html with a body that
// never ends, and whose answer never comes on the stream, times out quoting
// what the body began with: the body used to be read until the timeout, too
// late to be quoted.
func TestLegacyTimeoutQuotesAnEndlessPost(t *testing.T) {
	_, s, rec := dial(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "tools/list" {
			c.Status(http.StatusOK, "text/html", "<html><h1>upstream died</h1>\n")
			c.KeepOpen()
			return
		}
		c.Default()
	}}, Config{RequestTimeout: answeredLinger + 3*time.Second})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	var te *TimeoutError
	if !errorsAs(err, &te) || !strings.Contains(err.Error(), "its POST was answered 200 OK, text/html: <html><h1>upstream died</h1>") {
		t.Errorf("Request = %v, want a timeout quoting the POST's answer", err)
	}
	s.Close()
	rec.waitEnd(t)
}

// A request whose POST is answered 202 with a page in its body, and whose
// answer never comes on the GET stream, times out quoting the page, as a
// legacy POST's does: it used to say only that no answer came.
func TestStreamableTimeoutQuotesAnAcceptedPage(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", http.StatusAccepted, "text/html", "<html><h1>queued upstream</h1>\n")})
	// The timeout bounds the handshake and the 202's page too: at 500ms a
	// loaded machine under -race ran past it before the page was read.
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 2 * time.Second, NoGetStream: true})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	var te *TimeoutError
	if !errorsAs(err, &te) || !strings.Contains(err.Error(), "its POST was answered 202 Accepted, text/html: <html><h1>queued upstream</h1>") {
		t.Errorf("Request = %v, want a timeout quoting the 202's page", err)
	}
	s.Close()
	rec.waitEnd(t)
}
