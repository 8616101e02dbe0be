package proxy

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// wrappedStream is a legacy upstream whose stream (an endpoint event on
// another origin) comes with Content-Type ct and Content-Encoding enc
// ("gzip": the body gzipped), whole and with its length when length is
// set, else held open until the client leaves.
func wrappedStream(t *testing.T, ct, enc string, length bool) *httptest.Server {
	t.Helper()
	body := []byte("event: endpoint\ndata: http://127.0.0.1:1/evil?sessionId=1\n\n")
	if enc == "gzip" {
		// Flushed, not closed, as a server compressing a stream sends it.
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		_, _ = zw.Write(body)
		_ = zw.Flush()
		body = b.Bytes()
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", ct)
		if enc != "" {
			w.Header().Set("Content-Encoding", enc)
		}
		if length {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		_, _ = w.Write(body)
		if length {
			return
		}
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(up.Close)
	return up
}

// An endpoint event reached the client unrewritten, pointing it (and its
// Authorization) at another origin, when upstream gzipped the stream the
// client asked compressed (relayed as encoded bytes the proxy never read)
// or labelled it as clients still read as a stream (a list, a suffix): it
// went out as "other". Now the client gets it decoded and rewritten.
func TestEndpointInAWrappedStreamIsRewritten(t *testing.T) {
	for _, tc := range []struct{ name, ct, enc string }{
		{"gzip", "text/event-stream", "gzip"},
		{"list", "text/event-stream, text/plain", ""},
		{"suffix", "text/event-streamx", ""},
		{"upper case with charset", "TEXT/EVENT-STREAM; charset=utf-8", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := wrappedStream(t, tc.ct, tc.enc, false)
			_, base, _ := startProxy(t, up.URL+"/sse", Config{})
			resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "Accept-Encoding", "gzip")
			if ce := resp.Header.Get("Content-Encoding"); ce != "" {
				t.Fatalf("the client got Content-Encoding %q, want the stream decoded", ce)
			}
			ev := nextEvent(t, bufio.NewReader(resp.Body))
			if data := dataOf(t, ev); strings.Contains(data, "evil") || !strings.HasPrefix(data, "/") {
				t.Errorf("the client got the endpoint event %q, want it pointing at the proxy", ev)
			}
		})
	}
}

// A stream in an encoding the proxy cannot decode is refused, not relayed
// with endpoint events it could not rewrite.
func TestStreamInAnUndecodableEncodingIsRefused(t *testing.T) {
	up := wrappedStream(t, "text/event-stream", "br", false)
	_, base, _ := startProxy(t, up.URL+"/sse", Config{})
	resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "Accept-Encoding", "br")
	body := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusBadGateway || strings.Contains(body, "evil") || !strings.Contains(body, `Content-Encoding "br"`) {
		t.Errorf("the client got %s %q, want 502 saying the encoding cannot be rewritten", resp.Status, body)
	}
}

// Upstream's Content-Length was relayed while the rewriter changed the
// body's length: the client's read of the rewritten (longer) stream
// failed, and the proxy said the client closed it. Now the length is
// dropped and the client reads the whole stream.
func TestRewrittenStreamDropsUpstreamsLength(t *testing.T) {
	up := wrappedStream(t, "text/event-stream", "", true)
	_, base, _ := startProxy(t, up.URL+"/sse", Config{})
	resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	b, err := io.ReadAll(resp.Body)
	if err != nil || !strings.Contains(string(b), "event: endpoint") || strings.Contains(string(b), "evil") {
		t.Errorf("the client read %q, %v; want the whole rewritten stream", b, err)
	}
}
