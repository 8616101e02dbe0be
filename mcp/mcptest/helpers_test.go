package mcptest

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// testTimeout bounds every network wait in these tests.
const testTimeout = 10 * time.Second

// rawStream is a GET stream read byte for byte, the way no SSE library
// would, so tests see exactly what the fake wrote.
type rawStream struct {
	t    testing.TB
	resp *http.Response
	r    *bufio.Reader
}

// openStream GETs url and fails the test unless the answer is 200.
func openStream(t testing.TB, url string, header http.Header) *rawStream {
	t.Helper()
	resp := get(t, url, header)
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET %s: status %d, body %q; want 200", url, resp.StatusCode, body)
	}
	return &rawStream{t: t, resp: resp, r: bufio.NewReader(resp.Body)}
}

// get sends a GET bounded by testTimeout; the body is closed at cleanup.
func get(t testing.TB, url string, header http.Header) *http.Response {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	return resp
}

var noRedirects = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// event reads one raw event: every byte up to and including the blank line.
func (s *rawStream) event() string {
	s.t.Helper()
	var b strings.Builder
	for {
		line, err := s.r.ReadString('\n')
		b.WriteString(line)
		if err != nil {
			s.t.Fatalf("reading the stream after %q: %v", truncate(b.String()), err)
		}
		if line == "\n" || line == "\r\n" {
			return b.String()
		}
	}
}

// endpoint reads the endpoint event and returns the session's POST URL,
// resolved against the stream's URL.
func (s *rawStream) endpoint() string {
	s.t.Helper()
	ev := s.event()
	_, data, ok := strings.Cut(ev, "data:")
	if !ok || !strings.HasPrefix(ev, "event: endpoint") {
		s.t.Fatalf("first event = %q, want an endpoint event", ev)
	}
	u, err := s.resp.Request.URL.Parse(strings.TrimSpace(data))
	if err != nil {
		s.t.Fatalf("endpoint data %q: %v", data, err)
	}
	return u.String()
}

// message reads one event and returns its data, failing unless it is an
// "event: message" with one data line.
func (s *rawStream) message() string {
	s.t.Helper()
	ev := s.event()
	data, ok := strings.CutPrefix(ev, "event: message\ndata: ")
	if !ok || strings.Count(ev, "\n") != 3 {
		s.t.Fatalf("event = %q, want one message event", truncate(ev))
	}
	return strings.TrimSuffix(data, "\n\n")
}

// eof fails the test unless the stream ends before any more bytes.
func (s *rawStream) eof() {
	s.t.Helper()
	b, err := s.r.ReadByte()
	if err == nil {
		s.t.Fatalf("stream sent %q, want it closed", b)
	}
	if err != io.EOF {
		s.t.Fatalf("stream ended with %v, want io.EOF", err)
	}
}

// answer is what a POST got back.
type answer struct {
	status int
	header http.Header
	body   string
}

// post sends body as application/json and returns the answer.
func post(t testing.TB, url, body string) answer {
	t.Helper()
	return postWith(t, context.Background(), url, body, http.Header{"Content-Type": {"application/json"}})
}

// postWith sends body with exactly these headers, within testTimeout.
func postWith(t testing.TB, ctx context.Context, url, body string, header http.Header) answer {
	t.Helper()
	a, err := tryPost(ctx, url, body, header)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	return a
}

// tryPost is postWith returning the error for tests that expect one.
func tryPost(ctx context.Context, url, body string, header http.Header) (answer, error) {
	ctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	req.Header = header.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: string(b)}, err
}

// waitCtx is a context bounded by testTimeout.
func waitCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// truncate keeps failure messages about 10 MB events readable.
func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
