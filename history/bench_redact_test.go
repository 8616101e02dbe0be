package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// escapedAnswerOf is an answer of about size bytes in one SSE event, and
// its message, whose text holds \uXXXX escapes (a Go server's \u003c, an
// accent) as most real answers do, but no credential.
func escapedAnswerOf(size int) []mcp.Record {
	return answerEventOf(`00000064 \u003cb\u003e caf\u00e9 ghijklmnopqrstuvwxyzABCDEFGHIJKL\n`, size)
}

// BenchmarkRecordLargeAnswerTokens records a 20 MB answer with escapes in
// it while five credentials are looked for: what redaction costs on a
// large answer that holds none of them.
func BenchmarkRecordLargeAnswerTokens(b *testing.B) {
	recs := escapedAnswerOf(20 << 20)
	tokens := []string{"tok-1234567890", "sk-live-abcdef012345", "pa<ss-2026", "Zm9vYmFyYmF6cXV4", "secret/with+slash"}
	b.ReportAllocs()
	for b.Loop() {
		recordAs(b, testHeader(), recs, RecordOptions{Tokens: tokens})
	}
}
