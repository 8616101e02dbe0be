package advice

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// connectErr connects to a server on 127.0.0.1 that answers every request
// with answer and holds the connection open after it, and returns the
// failure Connect met.
func connectErr(t *testing.T, path, transport, answer string) error {
	t.Helper()
	url := mcptest.RawAnswers(t, func(*http.Request, []byte) (string, bool) { return answer, true })
	return failedConnect(t, url+path, transport, 300*time.Millisecond)
}

// failedConnect connects to url over transport with an endpoint timeout
// of wait, and returns the failure Connect met, which it must.
func failedConnect(t *testing.T, url, transport string, wait time.Duration) error {
	t.Helper()
	s := mcp.NewSession(mcp.Config{URL: url, Transport: transport, NoGetStream: true, EndpointTimeout: wait})
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	if err == nil {
		t.Fatal("Connect succeeded, want its wait to run out")
	}
	return err
}

// The advice under a wait for the server that ran out fits what came: a
// server that began its answer and stalled, or took the request and sent
// only keep-alives, is at the right port and path, and asking whether it
// is sent the user to check what was not wrong. A server that said
// nothing at all still gets that question, and a legacy stream that
// opened and stayed silent keeps its wrong path, buffering and auth; one
// that carried only keep-alives is no buffering proxy's, and one with an
// event begun and never ended is most likely one's.
func TestAdviceFitsWhatTheWaitMet(t *testing.T) {
	const wrongPort, generic = "is this the right port?", "likely causes: a wrong path"
	const stuck = "stuck mid-answer, not at a wrong port; curl -v -N"
	for _, tc := range []struct {
		name, path, transport, answer string
		cause                         mcp.Cause
		want, not                     string
	}{
		{"headers begun", "/mcp", mcp.TransportStreamable, "HTTP/1.1 200 OK\r\nContent-Ty", mcp.CauseConnectTimeout, stuck, wrongPort},
		{"body begun", "/mcp", mcp.TransportStreamable, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 196\r\n\r\n{\"jsonrpc\":\"2.0\"", mcp.CauseConnectTimeout, stuck, wrongPort},
		{"stream of keep-alives", "/mcp", mcp.TransportStreamable, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n: ping\n\n", mcp.CauseConnectTimeout,
			"the server took the request that opens a session and kept its answer open, but sent no answer in it (only keep-alives, or nothing): it is working on it or stuck", wrongPort},
		{"nothing", "/mcp", mcp.TransportStreamable, "", mcp.CauseConnectTimeout, wrongPort, "stuck"},
		{"legacy headers begun", "/sse", mcp.TransportSSE, "HTTP/1.1 200 OK\r\nContent-Ty", mcp.CauseEndpointTimeout,
			"began answering the GET and stopped mid-way (the error says where): it is stuck mid-answer, not at a wrong path", generic},
		{"legacy keep-alives in a block not ended", "/sse", mcp.TransportSSE, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n: ping\n", mcp.CauseEndpointTimeout,
			"sends keep-alives (comments) on it, but no endpoint event: it is not a legacy SSE server", generic},
		{"legacy event begun", "/sse", mcp.TransportSSE, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: endpoint\ndata: /mess", mcp.CauseEndpointTimeout,
			"an event begun and not ended is most often a proxy buffering the stream", generic},
		{"legacy stream open and silent", "/sse", mcp.TransportSSE, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n", mcp.CauseEndpointTimeout, generic, "stuck"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := connectErr(t, tc.path, tc.transport, tc.answer)
			got := ForError(err, CLI)
			if mcp.CauseOf(err) != tc.cause || !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
				t.Errorf("Connect = %v (cause %q, want %q)\nadvice %q, want it to say %q and not %q", err, mcp.CauseOf(err), tc.cause, got, tc.want, tc.not)
			}
			// The logged failure, which the TUI and exports advise
			// from, gets the same advice.
			if info := ForInfo(mcp.ErrorInfoOf(mcp.OpConnect, err, 0, 0), CLI); info != got {
				t.Errorf("advice from the logged failure = %q, want %q", info, got)
			}
		})
	}
}

// An initialize answer still trickling in when the wait runs out is a
// slow server or link, honest and at the right port: its advice says
// raise the wait, and never that it is stuck or at a wrong port. A byte
// is written every 10ms until the client gives up, so the last came in
// the wait's second half unless the machine stalled the fake or the
// client past it; such a run tests nothing and is tried with twice the
// wait, up to 4s.
func TestAdviceForAnOpeningAnswerStillComing(t *testing.T) {
	for wait := time.Second; ; wait *= 2 {
		err := trickledOpening(t, wait)
		var te *mcp.TimeoutError
		if (!errors.As(err, &te) || !te.StillComing) && wait < 4*time.Second {
			continue
		}
		got := ForError(err, CLI)
		const want = "it is at the right port and answering, only slowly"
		if mcp.CauseOf(err) != mcp.CauseConnectTimeout || !strings.Contains(got, want) || strings.Contains(got, "stuck") {
			t.Errorf("Connect = %v (cause %q)\nadvice %q, want it to say %q and not that it is stuck", err, mcp.CauseOf(err), got, want)
		}
		if info := mcp.ErrorInfoOf(mcp.OpConnect, err, 0, 0); info.Met != mcp.MetComing || ForInfo(info, CLI) != got {
			t.Errorf("logged failure met %q, advice %q; want met %q and the same advice", info.Met, ForInfo(info, CLI), mcp.MetComing)
		}
		return
	}
}

// trickledOpening connects, with an endpoint timeout of wait, to a server
// on 127.0.0.1 that answers initialize 200 with a JSON body whose bytes
// come one every 10ms, and returns the failure Connect met.
func trickledOpening(t *testing.T, wait time.Duration) error {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "100000")
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			if _, err := io.WriteString(w, " "); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-tick.C:
			}
		}
	}))
	t.Cleanup(srv.Close)
	return failedConnect(t, srv.URL+"/mcp", mcp.TransportStreamable, wait)
}
