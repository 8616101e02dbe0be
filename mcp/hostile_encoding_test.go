package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A body in an encoding mcpscope did not ask for, or labelled gzip without
// being gzip, fails its request saying so, as an answer that is not HTTP a
// client can read, not as a stream that broke and may be tried again, nor
// as JSON that is not JSON-RPC.
func TestAnswerInAnEncodingThatDoesNotDecode(t *testing.T) {
	for _, tc := range []struct {
		name, encoding string
		sse            bool
		want           string
	}{
		{"gzip label on JSON", "gzip", false, "labelled Content-Encoding: gzip but does not decode"},
		{"gzip label on SSE", "gzip", true, "labelled Content-Encoding: gzip but does not decode"},
		{"br never asked for", "br", false, `Content-Encoding "br", which mcpscope did not ask for`},
		// A gzip header and too little after it: read as a connection
		// that broke ("unexpected EOF", "run the command again").
		{"gzip cut short", "gzip-cut", false, "labelled Content-Encoding: gzip but does not decode: it ends (after 12 bytes) before its compressed data does"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
				if x.Method == "tools/list" && tc.encoding == "gzip-cut" {
					x.Header().Set("Content-Encoding", "gzip")
					x.Status(http.StatusOK, "application/json", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xffx\x01")
					return
				}
				if x.Method == "tools/list" {
					x.Header().Set("Content-Encoding", tc.encoding)
					if tc.sse {
						x.SSE()
					} else {
						x.JSON()
					}
				}
				x.Default()
			}}, Config{NoListen: true})
			_, _, err := s.ListTools(testCtx(t), false)
			if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseBadHTTP, tc.want)
			}
		})
	}
}

// An answer with no body has nothing to decode, whatever it is labelled:
// a gateway that marks its empty 202s Content-Encoding: gzip (net/http
// only decodes a body there is) must not make the session fail.
func TestEmptyAnswerLabelledWithAnEncoding(t *testing.T) {
	for _, encoding := range []string{"gzip", "br"} {
		t.Run(encoding, func(t *testing.T) {
			srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
				x.Header().Set("Content-Encoding", encoding)
				x.Accept()
			})
			s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable})
			t.Cleanup(func() { s.Close() })
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect to a server whose 202 says Content-Encoding %s: %v", encoding, err)
			}
			if _, _, err := s.ListTools(testCtx(t), false); err != nil {
				t.Errorf("tools/list after it: %v", err)
			}
		})
	}
}

// When the user's own -H Accept-Encoding asked for the encoding, net/http
// leaves the body to mcpscope, which reads none: the error says that header
// is why, not that mcpscope never asked.
func TestEncodingAskedForByTheUsersHeader(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("Content-Encoding", "gzip")
			x.JSON()
		}
		x.Default()
	}}, Config{NoListen: true, Header: http.Header{"Accept-Encoding": {"gzip"}}})
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "-H Accept-Encoding") || strings.Contains(err.Error(), "did not ask for") {
		t.Errorf("tools/list = %v, want it to name the -H Accept-Encoding header as the cause", err)
	}
}

// A stream in an encoding mcpscope did not ask for is refused as soon as
// its headers are in: its body cannot be read, so it is not waited on (an
// event stream may stay open for as long as the request may wait).
func TestStreamInAnUnaskedEncodingFailsAtOnce(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Header().Set("Content-Encoding", "br")
		x.SSE()
		_ = x.FlushHeaders()
		_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "a few bytes, then nothing"})
		<-x.Context().Done()
	})}, Config{NoListen: true, RequestTimeout: 20 * time.Second})
	start := time.Now()
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), `Content-Encoding "br"`) {
		t.Errorf("tools/list = %v (cause %q), want %q naming the encoding", err, CauseOf(err), CauseBadHTTP)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("tools/list took %v: it waited on a body it could not read", took)
	}
}

// A legacy stream labelled gzip that is not gzip fails connecting as an
// answer that is not HTTP a client can read (bad-http), as it does once
// the endpoint came, not as a stream that ended before its endpoint event,
// whose advice was to run the command again and to look for another
// server at this path.
func TestLegacyStreamLabelledGzipThatIsNot(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{GETStatus: http.StatusOK, GETBody: "event: endpoint\ndata: /sse?sessionid=x\n\n",
		GETHeaders: http.Header{"Content-Type": {"text/event-stream"}, "Content-Encoding": {"gzip"}}})
	s := NewSession(Config{URL: srv.SSEURL(), Transport: TransportSSE})
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "labelled Content-Encoding: gzip but does not decode") {
		t.Errorf("Connect = %v (cause %q), want %q saying the body does not decode", err, CauseOf(err), CauseBadHTTP)
	}
}

// An error answer whose body's bytes are not its text, compressed in an
// encoding no one decoded or written in UTF-16, says what the body is: its
// first line, quoted as it was, was a run of U+FFFD and control pictures.
func TestErrorAnswerWhoseBodyIsNotItsText(t *testing.T) {
	for _, tc := range []struct {
		name, encoding, body, want string
	}{
		{"br", "br", "\x1b\x8b\x00\xf8\x9f\xff\xfe", `answered 502 Bad Gateway: a body in Content-Encoding "br", not decoded`},
		{"UTF-16", "", utf16LE("upstream down"), "answered 502 Bad Gateway: a body in UTF-16 (it starts with the little-endian byte order mark FF FE), not shown"},
		{"plain", "", "upstream down\nmore", "answered 502 Bad Gateway: upstream down"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
				if x.Method == "tools/list" {
					if tc.encoding != "" {
						x.Header().Set("Content-Encoding", tc.encoding)
					}
					x.Status(http.StatusBadGateway, "text/plain", tc.body)
					return
				}
				x.Default()
			}}, Config{NoListen: true})
			if _, _, err := s.ListTools(testCtx(t), false); CauseOf(err) != CauseStatus || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseStatus, tc.want)
			}
		})
	}
}
