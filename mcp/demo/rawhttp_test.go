package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tmaxmax/go-sse"
)

// These helpers speak the streamable transports by hand, so tests can pin
// the bytes, headers and statuses a client of the demo sees.

// rawAnswer is an HTTP answer read to its end.
type rawAnswer struct {
	status int
	header http.Header
	body   string
}

// rawDo sends a request with the given headers and reads the whole answer.
func rawDo(t *testing.T, method, url string, header map[string]string, body string) rawAnswer {
	t.Helper()
	resp := rawOpen(t, ctxT(t), method, url, header, body)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the answer to %s %s: %v", method, url, err)
	}
	return rawAnswer{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// rawOpen sends a request and returns the answer unread, for streams.
func rawOpen(t *testing.T, ctx context.Context, method, url string, header map[string]string, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return resp
}

// event is one SSE event, with its data decoded as a JSON-RPC message when
// it is one.
type event struct {
	id, typ, data string
	msg           map[string]any
}

// events parses an SSE body with go-sse, as mcpscope reads streams. A read
// error ends the events and is reported through fail, if not nil.
func events(r io.Reader, fail func(error)) func(func(event) bool) {
	return func(yield func(event) bool) {
		for e, err := range sse.Read(r, &sse.ReadConfig{MaxEventSize: 1 << 20}) {
			if err != nil {
				if fail != nil {
					fail(err)
				}
				return
			}
			ev := event{id: e.LastEventID, typ: e.Type, data: e.Data}
			if e.Data != "" {
				if err := json.Unmarshal([]byte(e.Data), &ev.msg); err != nil && fail != nil {
					fail(fmt.Errorf("event data %q is not JSON: %w", e.Data, err))
				}
			}
			if !yield(ev) {
				return
			}
		}
	}
}

// allEvents reads every event of a body that ends.
func allEvents(t *testing.T, body string) []event {
	t.Helper()
	var out []event
	for e := range events(strings.NewReader(body), func(err error) { t.Errorf("reading SSE %q: %v", body, err) }) {
		out = append(out, e)
	}
	return out
}

// streamEvents hands the events of an open stream to a channel, closed when
// the stream ends, however it ends: the test closes streams it is done with.
func streamEvents(body io.Reader) <-chan event {
	ch := make(chan event, 64)
	go func() {
		defer close(ch)
		for e := range events(body, nil) {
			ch <- e
		}
	}()
	return ch
}

// jsonBody decodes a JSON answer.
func jsonBody(t *testing.T, a rawAnswer) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(a.body), &m); err != nil {
		t.Fatalf("answer %d %q is not JSON: %v", a.status, a.body, err)
	}
	return m
}

// path walks a decoded JSON value by object keys, nil where one is missing.
func path(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// mustJSON encodes v, which the test built and so can always be encoded.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
