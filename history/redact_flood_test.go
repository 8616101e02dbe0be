package history

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's credential sent among a flood of short headers (the
// most net/http takes) is learnt from its request's record, so a server
// echoing it later is redacted: the record kept the shortest headers first
// and left the Authorization out, the redactor never saw it, and the echo
// reached the recording in the clear.
func TestCredentialAmongAHeaderFloodIsStillRedacted(t *testing.T) {
	const secret = "client-own-credential-0123456789abcdefghijklmnop"
	for _, name := range []string{"Authorization", "X-Api-Key"} {
		t.Run(name, func(t *testing.T) {
			hdr := http.Header{name: {"Bearer " + secret}}
			for i := range 12000 {
				hdr[fmt.Sprintf("X-%d", i)] = []string{""}
			}
			var h mcp.HTTPExchange
			h.KeepRequestHeaders(hdr)
			if h.RequestHeadersLeftOut == 0 {
				t.Fatal("the flood left no header out")
			}
			path := filepath.Join(t.TempDir(), "rec.jsonl")
			rec, err := Create(path, Header{URL: "http://127.0.0.1:1/mcp", Started: time.Now()}, RecordOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := rec.Write(mcp.Record{Seq: 1, Time: time.Now(), Kind: mcp.KindHTTP, HTTP: &h}); err != nil {
				t.Fatal(err)
			}
			echo := mcp.Record{Seq: 2, Time: time.Now(), Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post", Message: "bad token " + secret}}
			if err := rec.Write(echo); err != nil {
				t.Fatal(err)
			}
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), "bad token") {
				t.Fatalf("the recording misses the echo:\n%.500s", b)
			}
			if strings.Contains(string(b), secret) {
				t.Errorf("the recording holds the client's credential, echoed after a header flood")
			}
		})
	}
}
