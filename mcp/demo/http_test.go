package demo

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// noRedirect lets a test see a redirect instead of following it.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestHealthAndRoot(t *testing.T) {
	ts := startDemo(t, Options{})
	tests := []struct {
		path         string
		wantStatus   int
		wantBody     string
		wantLocation string
	}{
		{path: "/health", wantStatus: http.StatusOK, wantBody: "ok"},
		{path: "/", wantStatus: http.StatusTemporaryRedirect, wantLocation: "/sse"},
		{path: "/nothing-here", wantStatus: http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := noRedirect.Get(ts.URL + tt.path)
			if err != nil {
				t.Fatalf("GET %s: %v", tt.path, err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatalf("reading body of GET %s: %v", tt.path, err)
			}
			if got := resp.StatusCode; got != tt.wantStatus {
				t.Errorf("GET %s status = %d, want %d", tt.path, got, tt.wantStatus)
			}
			if tt.wantBody != "" && string(body) != tt.wantBody {
				t.Errorf("GET %s body = %q, want %q", tt.path, body, tt.wantBody)
			}
			if got := resp.Header.Get("Location"); got != tt.wantLocation {
				t.Errorf("GET %s Location = %q, want %q", tt.path, got, tt.wantLocation)
			}
		})
	}
}

// endpointEvent matches the exact bytes the SDK writes first on a session
// stream: rand.Text() gives 26 base32 characters.
var endpointEvent = regexp.MustCompile(`^event: endpoint\ndata: (/sse\?sessionid=[A-Z2-7]{26})\n\n$`)

// readEvent reads one SSE event, up to and including its blank line.
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	var b strings.Builder
	for {
		line, err := r.ReadString('\n')
		b.WriteString(line)
		if err != nil {
			t.Fatalf("reading SSE event (so far %q): %v", b.String(), err)
		}
		if line == "\n" {
			return b.String()
		}
	}
}

// TestRawSSEWire pins what a hand-written client sees: the endpoint event's
// bytes, the POST answer, and the reply arriving on the stream.
func TestRawSSEWire(t *testing.T) {
	ts := startDemo(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/sse", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET /sse: %v", err)
	}
	defer resp.Body.Close()
	if got, want := resp.Header.Get("Content-Type"), "text/event-stream"; got != want {
		t.Errorf("GET /sse Content-Type = %q, want %q", got, want)
	}
	stream := bufio.NewReader(resp.Body)

	first := readEvent(t, stream)
	t.Logf("endpoint event bytes: %q", first)
	m := endpointEvent.FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("first event = %q, want %q", first, endpointEvent)
	}
	postURL, err := resp.Request.URL.Parse(m[1])
	if err != nil {
		t.Fatalf("resolving endpoint %q against %s: %v", m[1], resp.Request.URL, err)
	}

	post := func(contentType, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, postURL.String(), strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", postURL, err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("reading POST answer: %v", err)
		}
		return resp.StatusCode, string(b)
	}

	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`
	status, body := post("application/json", init)
	t.Logf("POST initialize answered %d %q", status, body)
	if status != http.StatusAccepted || body != "" {
		t.Errorf("POST initialize = %d %q, want %d %q", status, body, http.StatusAccepted, "")
	}
	reply := readEvent(t, stream)
	if !strings.HasPrefix(reply, "event: message\ndata: {") || !strings.Contains(reply, `"id":1`) ||
		!strings.Contains(reply, `"name":"mcpscope-demo"`) {
		t.Errorf("reply on stream = %q, want an event: message carrying the initialize result for id 1", reply)
	}

	if status, body := post("", init); status != http.StatusUnsupportedMediaType {
		t.Errorf("POST without Content-Type = %d %q, want %d", status, body, http.StatusUnsupportedMediaType)
	}
	postURL.RawQuery = url.Values{"sessionid": {"NOSUCHSESSION"}}.Encode()
	if status, body := post("application/json", init); status != http.StatusNotFound {
		t.Errorf("POST to an unknown session = %d %q, want %d", status, body, http.StatusNotFound)
	}
}

func TestStartServesAndCloses(t *testing.T) {
	s, err := Start("127.0.0.1:0", Options{Greeting: "Howdy", Name: "second-demo"})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	urls := map[string]string{SSEPath: s.SSEURL(), StreamablePath: s.MCPURL(), StatelessPath: s.StatelessURL()}
	eps := s.Endpoints()
	if len(eps) != 3 || eps[0].URL != s.SSEURL() || eps[1].URL != s.MCPURL() || eps[2].URL != s.StatelessURL() ||
		eps[0].Transport != "sse" || eps[1].Transport != "streamable" || eps[2].Transport != "stateless" {
		t.Errorf("Endpoints = %+v, want /sse, /mcp and /stateless, oldest first, named as --transport names them", eps)
	}
	for _, e := range allEras {
		if got, want := urls[e.path], s.URL+e.path; got != want {
			t.Errorf("%s URL = %q, want %q", e.name, got, want)
		}
		cs := e.connect(t, s.URL, nil)
		if got, want := cs.InitializeResult().ServerInfo.Name, "second-demo"; got != want {
			t.Errorf("%s: server name = %q, want %q", e.name, got, want)
		}
		if got, want := text(t, call(t, cs, "greet", map[string]any{"name": "Ann"})), "Howdy, Ann!"; got != want {
			t.Errorf("%s: greet = %q, want %q", e.name, got, want)
		}
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if resp, err := http.Get(s.URL + "/health"); err == nil {
		resp.Body.Close()
		t.Errorf("GET /health after Close answered %d, want a connection error", resp.StatusCode)
	}
}

func TestStartRefusesBadAddress(t *testing.T) {
	if s, err := Start("127.0.0.1:99999", Options{}); err == nil {
		s.Close()
		t.Fatal("Start(127.0.0.1:99999) succeeded, want an error")
	}
}
