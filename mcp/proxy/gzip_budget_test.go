package proxy

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client's gzip body is small on the wire but is held decoded: a dozen
// bodies of a few kilobytes, each inflating to near --max-event-size, at
// once against an upstream that takes its time, held a dozen times the
// limit outside the proxy's budget for clients' bodies. The decoded bytes
// count in that budget: the proxy holds at most four times the limit, and
// the messages it had no room to decode are relayed as they came, their
// records saying why they were not decoded.
func TestGzipBodiesDecodedAtOnceAreBounded(t *testing.T) {
	const clients = 12
	up := &holdingBig{release: make(chan struct{})}
	arrived := make(chan struct{}, clients)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Content-Encoding") == "gzip" {
			arrived <- struct{}{}
		}
		up.ServeHTTP(w, r)
	})
	const limit = 1 << 20
	p, base, w, sid, release := holdingSession(t, up, h, limit, "inflating")

	// Enough noise that the gzip body is past holdingBig's 4096 bytes (so
	// upstream holds it), the rest one letter: a few kilobytes on the
	// wire, near a mebibyte decoded.
	noise := make([]byte, 6<<10)
	if _, err := rand.Read(noise); err != nil {
		t.Fatal(err)
	}
	blob := hex.EncodeToString(noise)
	message := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"blob":"` + blob + strings.Repeat("a", limit-200-len(blob)) + `"}}}`
	z := gzipped(t, []byte(message))
	if len(z) <= 4096 || len(z) >= firstBodyBlock {
		t.Fatalf("the gzip body is %d bytes, want it past 4096 (held upstream) and within the first block (%d, not counted as sent)", len(z), firstBodyBlock)
	}

	answers := make(chan heldAnswer, clients)
	for range clients {
		go func() { answers <- postHeld(t, base, sid, strings.NewReader(string(z)), "gzip") }()
	}

	// Every body is relayed, decoded or not, and held upstream.
	id := w.sessions()[0].ID
	ctx := bounded(t)
	for n := range clients {
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatalf("%d of %d gzip bodies reached upstream, want every one, decoded or not", n, clients)
		}
	}
	// Every body decoded is held now, upstream answering none.
	if held := p.bodies.heldNow(); held > 4*limit || held < limit {
		t.Errorf("the proxy counted %d bytes of clients' bodies held at once, want the decoded bodies counted (at least %d) and at most %d (4 times --max-event-size)", held, limit, 4*limit)
	}
	want := fmt.Sprintf("the proxy had no room to decode the client's gzip-encoded body (%d bytes): it already holds as many bytes of clients' request bodies at once as it allows (%d bytes, 4 times --max-event-size); its message is recorded as it came, compressed, and relayed so", len(z), 4*limit)
	w.record(t, id, "a body the proxy had no room to decode, saying so", func(r mcp.Record) bool {
		return r.Error != nil && strings.Contains(r.Error.Message, want)
	})
	decoded := w.count(id, func(r mcp.Record) bool { return r.Kind == mcp.KindSent && r.RPC.Method == "tools/call" })
	if decoded == 0 || decoded == clients {
		t.Errorf("%d of %d gzip bodies were recorded decoded, want those that fit in the budget decoded and the rest not", decoded, clients)
	}

	release()
	for range clients {
		if a := <-answers; a.status != http.StatusOK {
			t.Errorf("a gzip body upstream held, once answered: %d %q, want 200", a.status, truncate(a.body))
		}
	}
}
