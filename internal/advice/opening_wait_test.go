package advice

import (
	"context"
	"net/http"
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
	s := mcp.NewSession(mcp.Config{URL: url + path, Transport: transport, NoGetStream: true, EndpointTimeout: 300 * time.Millisecond})
	t.Cleanup(func() { s.Close() })
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
// only keep-alives, is at the right port, and asking whether it is sent
// the user to check what was not wrong. A server that said nothing at
// all still gets that question.
func TestAdviceFitsWhatTheOpeningWaitMet(t *testing.T) {
	const wrongPort = "is this the right port?"
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"headers begun", "HTTP/1.1 200 OK\r\nContent-Ty", "stuck mid-answer, not at a wrong port; curl -v -N"},
		{"body begun", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 196\r\n\r\n{\"jsonrpc\":\"2.0\"", "stuck mid-answer, not at a wrong port; curl -v -N"},
		{"stream of keep-alives", "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n: ping\n\n", "the server took the request that opens a session and kept its answer open, but sent no answer in it (only keep-alives, or nothing): it is working on it or stuck"},
		{"nothing", "", wrongPort},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := connectErr(t, "/mcp", mcp.TransportStreamable, tc.answer)
			got := ForError(err, CLI)
			if mcp.CauseOf(err) != mcp.CauseConnectTimeout || !strings.Contains(got, tc.want) || tc.want != wrongPort && strings.Contains(got, wrongPort) {
				t.Errorf("Connect = %v (cause %q)\nadvice %q, want it to say %q", err, mcp.CauseOf(err), got, tc.want)
			}
			// The logged failure, which the TUI and exports advise
			// from, gets the same advice.
			if info := ForInfo(mcp.ErrorInfoOf(mcp.OpConnect, err, 0, 0), TUI); info != got {
				t.Errorf("advice from the logged failure = %q, want %q", info, got)
			}
		})
	}
}

// A legacy wait for the endpoint event that ran out on a GET whose headers
// began and never ended blames a server or proxy stuck mid-answer, not a
// wrong path, buffering or auth; a stream that opened and stayed silent
// keeps those.
func TestAdviceFitsWhatTheEndpointWaitMet(t *testing.T) {
	const generic = "likely causes: a wrong path"
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"headers begun", "HTTP/1.1 200 OK\r\nContent-Ty", "began answering the GET and stopped mid-way: it is stuck mid-answer, not at a wrong path; curl -v -N -H 'Accept: text/event-stream'"},
		{"stream open and silent", "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n", generic},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := connectErr(t, "/sse", mcp.TransportSSE, tc.answer)
			got := ForError(err, CLI)
			if mcp.CauseOf(err) != mcp.CauseEndpointTimeout || !strings.Contains(got, tc.want) || tc.want != generic && strings.Contains(got, generic) {
				t.Errorf("Connect = %v (cause %q)\nadvice %q, want it to say %q", err, mcp.CauseOf(err), got, tc.want)
			}
		})
	}
}
