package history

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// batchRecords are what a proxy records of a client's batch of n pings
// that upstream refused: the batch, each ping, and the error of each.
func batchRecords(n int) []mcp.Record {
	at := time.Now()
	pings := make([]string, n)
	for i := range pings {
		pings[i] = fmt.Sprintf(`{"jsonrpc": "2.0", "id": %d, "method": "ping"}`, i)
	}
	recs := []mcp.Record{{Seq: 1, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassBatch, Conn: 1, Raw: mcp.Raw("[" + strings.Join(pings, ", ") + "]")}}}
	for i, p := range pings {
		recs = append(recs, mcp.Record{Seq: int64(len(recs) + 1), Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: fmt.Sprint(i), Method: "ping", Conn: 1, Raw: mcp.Raw(p)}})
	}
	for i := range pings {
		recs = append(recs, mcp.Record{Seq: int64(len(recs) + 1), Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "post",
			Message: "POST http://127.0.0.1:1/mcp answered 413 Request Entity Too Large: request body exceeds 4194304 bytes", ReqSeq: int64(i + 2), Batch: 1, Conn: 1,
			Cause: "status", Status: 413, Purpose: "post", Transport: "streamable", Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"}, StatusLine: "413 Request Entity Too Large"}})
	}
	return recs
}

// proxyOptions are the proxy's recording options: its client's
// credential, and ClientQuery.
var proxyOptions = RecordOptions{Tokens: []string{"client-credential-0123456789"}, ClientQuery: true}

// BenchmarkRecordBatch records a proxied batch of 10,000 pings, as the
// proxy's recording is made.
func BenchmarkRecordBatch(b *testing.B) {
	recs := batchRecords(10_000)
	for range b.N {
		recordBatch(b, recs, proxyOptions)
	}
}

// BenchmarkRecordBatchSecrets is BenchmarkRecordBatch with nothing
// redacted (--record-secrets): the cost of the encoding alone.
func BenchmarkRecordBatchSecrets(b *testing.B) {
	recs := batchRecords(10_000)
	for range b.N {
		recordBatch(b, recs, RecordOptions{Secrets: true})
	}
}

// recordBatch writes recs to a new recording made with opts.
func recordBatch(b testing.TB, recs []mcp.Record, opts RecordOptions) {
	rec, err := Create(filepath.Join(b.TempDir(), "rec.jsonl"), testHeader(), opts)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range recs {
		if err := rec.Write(r); err != nil {
			b.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkViewBatch shows a proxied batch of 10,000 pings as the screen
// and the proxy's lines do (Redacting's view).
func BenchmarkViewBatch(b *testing.B) {
	recs := batchRecords(10_000)
	opts := RecordOptions{Tokens: []string{"client-credential-0123456789"}, ClientQuery: true}
	for range b.N {
		r := newRedactor(opts, "http://127.0.0.1:1/mcp")
		for _, rec := range recs {
			r.view(rec)
		}
	}
}
