package mcp

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// readTap keeps, for each answer a session got, the body bytes the session
// read: what it received, to hold against what it recorded.
type readTap struct {
	base  http.RoundTripper
	mu    sync.Mutex
	reads []*strings.Builder
}

// tapReads puts a readTap around everything the session's client reads.
func tapReads(s *Session) *readTap {
	t := &readTap{base: s.client.Transport}
	s.client.Transport = t
	return t
}

func (t *readTap) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	b := &strings.Builder{}
	t.mu.Lock()
	t.reads = append(t.reads, b)
	t.mu.Unlock()
	resp.Body = &tappedBody{ReadCloser: resp.Body, tap: t, into: b}
	return resp, nil
}

type tappedBody struct {
	io.ReadCloser
	tap  *readTap
	into *strings.Builder
}

func (b *tappedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.tap.mu.Lock()
	b.into.Write(p[:n])
	b.tap.mu.Unlock()
	return n, err
}

// bodies are the answers' bytes the session read, one string each.
func (t *readTap) bodies() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, len(t.reads))
	for i, b := range t.reads {
		out[i] = b.String()
	}
	return out
}

// receivedPieces are the answer bytes a recording holds, each run of them
// that was one body (or one stream's events, joined): an excerpt of a body
// nothing was read from, a JSON answer's whole text, a stream's raw events.
func receivedPieces(recs []Record) []string {
	type streamKey struct {
		conn   int
		stream string
		req    int64
	}
	var pieces []string
	streams := map[streamKey]*strings.Builder{}
	var order []streamKey
	for _, r := range recs {
		switch {
		case r.HTTP != nil && r.HTTP.Opened != "sse":
			pieces = append(pieces, string(r.HTTP.Body))
		case r.RPC != nil && r.RPC.Dir == DirIn && r.RPC.Stream == StreamJSON:
			pieces = append(pieces, string(r.RPC.Raw))
		case r.Event != nil:
			k := streamKey{r.Event.Conn, r.Event.Stream, r.Event.ReqSeq}
			if streams[k] == nil {
				streams[k] = &strings.Builder{}
				order = append(order, k)
			}
			streams[k].WriteString(string(r.Event.Raw))
		}
	}
	for _, k := range order {
		pieces = append(pieces, streams[k].String())
	}
	return pieces
}

// checkEveryByteRecorded fails when bytes the session read of an answer
// are in no run of the recording's: a user reading the log would not see
// what the server sent.
func checkEveryByteRecorded(t *testing.T, read []string, recs []Record) {
	t.Helper()
	pieces := receivedPieces(recs)
	for _, body := range read {
		if body == "" {
			continue
		}
		found := false
		for _, p := range pieces {
			if strings.Contains(p, body) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("the session read %q of an answer, which the recording does not hold; it holds %q", body, pieces)
		}
	}
}

// checkAnswerPaired fails when a request that succeeded has no answer
// recorded as its own: the user would see a result the log cannot show.
func checkAnswerPaired(t *testing.T, method string, recs []Record) {
	t.Helper()
	sent := map[int64]bool{}
	for _, r := range recs {
		if r.Kind == KindSent && r.RPC != nil && r.RPC.Class == ClassRequest && r.RPC.Method == method {
			sent[r.Seq] = true
		}
	}
	for _, r := range recs {
		if r.Kind == KindReceived && r.RPC != nil && r.RPC.Class == ClassResponse && sent[r.RPC.ReqSeq] {
			return
		}
	}
	t.Fatalf("%s succeeded with no answer recorded as paired with it", method)
}
