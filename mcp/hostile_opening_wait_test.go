package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// openingAnswers serves initialize with initAnswer, held open after it,
// and refuses everything else 404: a server whose answer to the request
// that opens a session never ends.
func openingAnswers(t *testing.T, initAnswer string) string {
	return mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			return initAnswer, true
		}
		return "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", false
	})
}

// An initialize whose wait runs out says what came meanwhile, as every
// other request's wait does: a POST answered 200 with an event stream that
// sent only a keep-alive, or an answer whose headers began and stalled,
// is no silent port, and "no answer" alone sent the user to check the port.
func TestOpeningWaitSaysWhatCame(t *testing.T) {
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"stream of keep-alives", "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n: ping\n\n", "the server took it but no answer came back"},
		{"headers begun", "HTTP/1.1 200 OK\r\nContent-Ty", "the POST's answer began, but its status line and headers never ended"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := openingAnswers(t, tc.answer)
			s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true, EndpointTimeout: 300 * time.Millisecond})
			t.Cleanup(func() { s.Close() })
			err := s.Connect(testCtx(t))
			if CauseOf(err) != CauseConnectTimeout || !strings.Contains(err.Error(), "no answer to initialize within 300ms from ") || !strings.Contains(err.Error(), ": "+tc.want) {
				t.Errorf("Connect = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseConnectTimeout, tc.want)
			}
		})
	}
}

// Detection's verdict on an initialize probe whose answer began and
// stalled says so, not only "no answer in time".
func TestDetectionVerdictSaysTheOpeningAnswerBegan(t *testing.T) {
	url := openingAnswers(t, "HTTP/1.1 200 OK\r\nContent-Ty")
	s := NewSession(Config{URL: url + "/mcp", NoGetStream: true, EndpointTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	want := "POST initialize " + url + "/mcp: no answer in time: the POST's answer began, but its status line and headers never ended"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Connect = %v, want the verdict %q", err, want)
	}
}

// Detection's verdict on a legacy GET probe whose answer began and
// stalled says so, beside a clean 404 from the other probes: the advice
// for a stalled probe says "its line says which", and a bare "no answer
// in time" left the user to guess which.
func TestDetectionVerdictSaysTheGETAnswerBegan(t *testing.T) {
	url := mcptest.RawAnswers(t, func(r *http.Request, _ []byte) (string, bool) {
		if r.Method == http.MethodGet {
			return "HTTP/1.1 200 OK\r\nContent-Ty", true
		}
		return "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", false
	})
	s := NewSession(Config{URL: url + "/mcp", NoGetStream: true, EndpointTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	want := "GET " + url + "/mcp: no answer in time: the GET's answer began, but its status line and headers never ended"
	if CauseOf(err) != CauseNoTransport || !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("Connect = %v (cause %q), want %q with the verdict %q", err, CauseOf(err), CauseNoTransport, want)
	}
}

// The legacy wait for the endpoint event that runs out on a GET whose
// answer began and never finished its headers says so; one whose stream
// opened and stayed silent does not.
func TestEndpointWaitOverHeadersBegun(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		began        bool
	}{
		{"headers begun", "HTTP/1.1 200 OK\r\nContent-Ty", true},
		{"stream open and silent", "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := mcptest.RawAnswers(t, func(*http.Request, []byte) (string, bool) { return tc.answer, true })
			s := NewSession(Config{URL: url + "/sse", Transport: TransportSSE, EndpointTimeout: 300 * time.Millisecond})
			t.Cleanup(func() { s.Close() })
			err := s.Connect(testCtx(t))
			const words = ": the GET's answer began, but its status line and headers never ended"
			if CauseOf(err) != CauseEndpointTimeout || strings.Contains(fmt.Sprint(err), words) != tc.began {
				t.Errorf("Connect = %v (cause %q), want %q, saying %q: %v", err, CauseOf(err), CauseEndpointTimeout, words, tc.began)
			}
		})
	}
}

// A Connect given up on (ctrl+c) while initialize waits on an answer whose
// headers began reads as cancelled, not as a wait that ran out on a stuck
// server: the person stopped it, well within the endpoint timeout.
func TestOpeningWaitCancelledIsNoStall(t *testing.T) {
	for _, transport := range []string{TransportStreamable, TransportAuto} {
		t.Run(transport, func(t *testing.T) {
			got := make(chan struct{}, 4)
			url := mcptest.RawAnswers(t, func(_ *http.Request, body []byte) (string, bool) {
				got <- struct{}{}
				return "HTTP/1.1 200 OK\r\nContent-Ty", true
			})
			s := NewSession(Config{URL: url + "/mcp", Transport: transport, NoGetStream: true, EndpointTimeout: time.Minute})
			t.Cleanup(func() { s.Close() })
			ctx, cancel := context.WithCancel(testCtx(t))
			go func() {
				<-got
				cancel()
			}()
			err := s.Connect(ctx)
			if !errors.Is(err, context.Canceled) || CauseOf(err) == CauseConnectTimeout || strings.Contains(fmt.Sprint(err), "never ended") {
				t.Errorf("Connect = %v (cause %q), want it cancelled, not a wait that ran out", err, CauseOf(err))
			}
		})
	}
}
