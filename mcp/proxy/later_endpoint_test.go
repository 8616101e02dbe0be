package proxy

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	sse "github.com/tmaxmax/go-sse"

	"github.com/mcpscope/mcpscope/mcp"
)

// laterEndpoint opens a legacy stream through a proxy to an upstream whose
// stream opens with a usable endpoint event and then sends later, and
// returns the stream's reader past the first event, the proxy's base URL,
// the watcher, the channel that feeds upstream's stream and upstream's URL.
func laterEndpoint(t *testing.T, cfg Config) (*bufio.Reader, string, *watched, chan<- string, string) {
	t.Helper()
	return laterEndpointWithin(t, cfg, testTimeout)
}

// laterEndpointWithin is laterEndpoint whose stream is bounded by d.
func laterEndpointWithin(t *testing.T, cfg Config, d time.Duration) (*bufio.Reader, string, *watched, chan<- string, string) {
	t.Helper()
	say := make(chan string)
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "event: endpoint\ndata: /message?sessionId=a\n\n" }, say)
	_, base, w := startProxy(t, up.URL, cfg)
	stream := rawDoWithin(t, d, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	if first := nextEvent(t, br); !strings.Contains(first, "data: /message?sessionId=a") {
		t.Fatalf("the client's first event is %q, want upstream's endpoint", first)
	}
	return br, base, w, say, up.URL
}

// dataOf is the data of an event block the client got.
func dataOf(t *testing.T, ev string) string {
	t.Helper()
	for _, line := range strings.Split(ev, "\n") {
		if data, ok := strings.CutPrefix(strings.TrimSpace(line), "data:"); ok {
			return strings.TrimSpace(data)
		}
	}
	t.Fatalf("the client's event %q has no data", ev)
	return ""
}

// Every endpoint event of a legacy stream gets what the first gets, not
// only the first: a client that follows a later one (a changed session, an
// absolute URI, another origin, another scheme, no host, a backslash that
// a browser's parser reads as another host) is pointed at the proxy, so
// its POSTs and its credentials never go past it. A usable one works; a
// refused one is answered 502 and logged as a negotiation error.
func TestLaterEndpointEventsGetWhatTheFirstGets(t *testing.T) {
	for _, tc := range []struct {
		name, data, want string
		status           int
		cause            mcp.Cause
	}{
		{"changed", "/message?sessionId=b", "/message?sessionId=b", http.StatusAccepted, ""},
		{"absolute", "{up}/message?sessionId=c", "/message?sessionId=c", http.StatusAccepted, ""},
		{"backslash", `/\evil.test/steal?sessionid=d`, "/%5Cevil.test/steal?sessionid=d", http.StatusAccepted, ""},
		{"cross-origin", "http://elsewhere.example/message?sessionId=e", "/.mcpscope/refused-endpoint/", http.StatusBadGateway, mcp.CauseCrossOrigin},
		{"scheme", "ftp://127.0.0.1/x", "/.mcpscope/refused-endpoint/", http.StatusBadGateway, mcp.CauseBadScheme},
		{"hostless", "http:/message?sessionid=f", "/.mcpscope/refused-endpoint/", http.StatusBadGateway, mcp.CauseBadEndpoint},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br, base, w, say, up := laterEndpoint(t, Config{Bearer: "user-token"})
			say <- "event: endpoint\ndata: " + strings.ReplaceAll(tc.data, "{up}", up) + "\n\n"
			got := dataOf(t, nextEvent(t, br))
			if !strings.HasPrefix(got, tc.want) {
				t.Fatalf("the client was pointed at %q, want %q on the proxy", got, tc.want)
			}
			resp := rawPost(t, base+got, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "Authorization", "Bearer client-token")
			body := readAll(t, resp.Body)
			if resp.StatusCode != tc.status {
				t.Errorf("the client's POST to %q was answered %s %q, want %d", got, resp.Status, body, tc.status)
			}
			c := w.sessions()[0].ID
			w.until(t, "two endpoint records", func() bool {
				n := 0
				for _, r := range w.recs[c] {
					if r.Kind == mcp.KindEndpoint {
						n++
					}
				}
				return n == 2
			})
			if tc.cause != "" {
				w.record(t, c, "the later endpoint's negotiation error", func(r mcp.Record) bool {
					return r.Kind == mcp.KindError && r.Error.Op == mcp.OpNegotiate && r.Error.Cause == tc.cause
				})
			}
		})
	}
}

// On a legacy stream the proxy holds only what may be an endpoint event:
// a 20 MB message streams to the client as it comes (the client has half of
// it before upstream sends the rest), and an endpoint event after it is
// still pointed at the proxy.
func TestLargeEventStreamsThroughALegacyStream(t *testing.T) {
	br, _, _, say, _ := laterEndpointWithin(t, Config{}, bulkTimeout)
	half := strings.Repeat("x", 10<<20)
	say <- "event: message\ndata: " + half
	// Upstream sends nothing more until the client has the first half.
	if _, err := io.ReadFull(br, make([]byte, len("event: message\ndata: ")+len(half))); err != nil {
		t.Fatalf("the client did not get the first 10 MB of the event before the rest was sent: %v", err)
	}
	say <- half + "\n\nevent: endpoint\ndata: http://elsewhere.example/message?sessionId=b\n\n"
	if _, err := io.ReadFull(br, make([]byte, len(half)+2)); err != nil {
		t.Fatalf("the rest of the large event: %v", err)
	}
	if got := dataOf(t, nextEvent(t, br)); !strings.HasPrefix(got, "/.mcpscope/refused-endpoint/") {
		t.Errorf("after the large event the client was pointed at %q, want the proxy's refusing path", got)
	}
}

// An endpoint event too large to hold streams as it comes like any large
// event, so it cannot be rewritten: it reaches the client renamed, so no
// client takes it for its endpoint, and the refusal is logged.
func TestOversizeEndpointEventIsNotAnEndpoint(t *testing.T) {
	br, _, w, say, _ := laterEndpoint(t, Config{})
	say <- "event: endpoint\ndata: http://elsewhere.example/" + strings.Repeat("a", 1<<20) + "\n\n" +
		"event: endpoint\ndata: /message?sessionId=b\n\n"
	var names []string
	for ev, err := range sse.Read(br, &sse.ReadConfig{MaxEventSize: 2 << 20}) {
		if err != nil {
			t.Fatalf("reading the client's stream: %v", err)
		}
		names = append(names, ev.Type)
		if ev.Type == "endpoint" && strings.Contains(ev.Data, "elsewhere") {
			t.Fatalf("the client got the oversize endpoint event as an endpoint, %d bytes", len(ev.Data))
		}
		if ev.Type == "endpoint" {
			break
		}
	}
	if len(names) != 2 || names[0] != refusedEvent {
		t.Errorf("the client got events %q, want the oversize one renamed %s, then the next endpoint", names, refusedEvent)
	}
	w.record(t, w.sessions()[0].ID, "the refusal", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Op == mcp.OpNegotiate && strings.Contains(r.Error.Message, "larger than")
	})
}

// An endpoint event past --max-event-size is one the parser never reads,
// so the proxy cannot tell what it is: the client never gets its end (the
// stream is ended there), so never takes it for an endpoint, and the log
// says why the stream ended.
func TestEndpointEventPastTheSizeLimitIsNotRelayed(t *testing.T) {
	br, _, w, say, _ := laterEndpoint(t, Config{MaxEventSize: 1 << 10})
	say <- "event: endpoint\ndata: http://elsewhere.example/" + strings.Repeat("a", 2<<10) + "\n\n"
	for ev, err := range sse.Read(br, &sse.ReadConfig{MaxEventSize: 1 << 20}) {
		if err != nil {
			break
		}
		if strings.Contains(ev.Data, "elsewhere") {
			t.Fatalf("the client got the event past the limit as %q", ev.Type)
		}
	}
	w.record(t, w.sessions()[0].ID, "the stream's end, said", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Cause == mcp.CauseEventTooLarge && strings.Contains(r.Error.Message, "ended the client's stream")
	})
}
