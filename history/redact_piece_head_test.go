package history

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// x5cJWT is an RS256 JWT whose header carries a certificate chain of
// about chain bytes (x5c), with payload; and an answer of about size bytes
// that carries other JWTs of the same header, as a server minting them
// would.
func x5cJWT(chain int, payload string, size int) (string, mcp.Record) {
	rng := rand.New(rand.NewChaCha8([32]byte{9}))
	cert := make([]byte, chain*3/4)
	for i := range cert {
		cert[i] = byte(rng.Uint32())
	}
	enc := base64.RawURLEncoding.EncodeToString
	head := enc([]byte(`{"alg":"RS256","x5c":["` + base64.StdEncoding.EncodeToString(cert) + `"]}`))
	tok := head + "." + enc([]byte(payload)) + "." + enc([]byte("the user's own RSA signature, 48 bytes long!!!!"))
	var text strings.Builder
	for i := 0; text.Len() < size; i++ {
		text.WriteString(head + "." + enc([]byte(`{"sub":"bob","n":`+strings.Repeat("7", i%9+1)+`}`)) + "." + enc([]byte("bob's signature")) + " ")
	}
	raw := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + text.String() + `"}]}}`
	return tok, mcp.Record{Seq: 1, Time: time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC), Kind: mcp.KindReceived,
		RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1", Raw: mcp.Raw(raw)}}
}

// BenchmarkRecordEchoedLongJWTHeader records a 1 MB answer of JWTs that
// share the user's JWT's 5 KB header (x5c): no piece of the user's token.
func BenchmarkRecordEchoedLongJWTHeader(b *testing.B) {
	tok, rec := x5cJWT(5<<10, `{"sub":"ann"}`, 1<<20)
	b.SetBytes(int64(len(rec.RPC.Raw)))
	for b.Loop() {
		recordAs(b, testHeader(), []mcp.Record{rec}, RecordOptions{Tokens: []string{tok}})
	}
}

// An answer full of JWTs sharing the user's JWT's long header (a 5 KB
// certificate chain) was searched again for the length of the header at
// each place the header matched: a 1 MB answer took over a second to
// record, and longer the longer the header. Its bytes are compared to the
// token's a bounded number of times now, whatever the header's length;
// the other JWTs stay readable.
func TestRecordingEchoedLongJWTHeaderCostsNoMoreThanAShortOne(t *testing.T) {
	const size = 256 << 10
	for _, chain := range []int{256, 8 << 10} {
		tok, rec := x5cJWT(chain, `{"sub":"ann"}`, size)
		p := newPieceIndex([]string{tok})
		scanPieces(p, string(rec.RPC.Raw), func(int, int) bool { return true })
		if p.walked > 2*len(rec.RPC.Raw) {
			t.Errorf("with a %d-byte header, %d bytes of JWTs were compared to the token %d times over: want at most twice",
				chain, len(rec.RPC.Raw), p.walked/len(rec.RPC.Raw))
		}
		head := tok[:strings.IndexByte(tok, '.')]
		got, _ := readAll(t, recordAs(t, testHeader(), []mcp.Record{rec}, RecordOptions{Tokens: []string{tok}}))
		if len(got) != 1 || strings.Contains(string(got[0].RPC.Raw), Redacted) || !strings.Contains(string(got[0].RPC.Raw), head) {
			t.Errorf("with a %d-byte header, the other JWTs were not kept as they came", chain)
		}
	}
}
