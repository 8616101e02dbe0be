package history

import (
	"encoding/base64"
	"encoding/json"
	"strings"
)

// A server may echo a long credential in part: cut in its middle
// ("abcd…wxyz" with more of it either side), its last part only, or a
// stretch of it inside other text. The rule for every such piece is one:
// a run of minPiece bytes or more of a spelling of a token (its forms) is
// replaced by Redacted wherever it appears, whether it starts the token,
// ends it or lies inside it. A shorter run, and a token no longer than
// minPiece, are replaced only whole: 16 bytes of a random credential are
// never ordinary text by chance, and a word of the user's own -H value
// ("production") is shorter. Where the record itself cut a credential (a
// known cut, redact_cut.go) less tells: there a start or end of
// minCutPiece bytes is replaced. A token's header segment (a JWT's
// "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", the same in every HS256 JWT)
// is no part of its secret: its bytes do not count towards a run
// (commonHead), so every other JWT a server sends stays readable.

// minPiece is the shortest run of a token's bytes replaced wherever it
// appears.
const minPiece = 16

// pieceBlock is the length of the blocks a token's forms are indexed by:
// every run of minPiece bytes of a form holds one of its blocks that
// starts at a multiple of pieceBlock.
const pieceBlock = 8

// pieceIndex finds runs of minPiece bytes or more of its forms in text:
// each block of them is a key of at, and a bit of filter, so most bytes
// of a text are passed over with one look at filter.
type pieceIndex struct {
	forms []string
	// heads are, by form, the length of its header segment (commonHead).
	heads  []int
	at     map[uint64][]pieceRef
	filter [1 << 10]uint64
	// walked is how many bytes scanPieces has compared to the forms in
	// all: what a scan costs, told the same on any machine.
	walked int
}

// pieceRef is where a block stands: at off in forms[form].
type pieceRef struct{ form, off int }

// newPieceIndex indexes forms longer than minPiece; nil when none is.
func newPieceIndex(forms []string) *pieceIndex {
	var p *pieceIndex
	for _, f := range forms {
		if len(f) <= minPiece {
			continue
		}
		if p == nil {
			p = &pieceIndex{at: map[uint64][]pieceRef{}}
		}
		p.forms = append(p.forms, f)
		p.heads = append(p.heads, commonHead(f))
		for off := 0; off+pieceBlock <= len(f); off += pieceBlock {
			k := blockAt(f, off)
			h := filterBit(k)
			p.filter[h/64] |= 1 << (h % 64)
			p.at[k] = append(p.at[k], pieceRef{len(p.forms) - 1, off})
		}
	}
	return p
}

// commonHead is how long f's header segment is, 0 when it has none: a
// base64url-encoded JOSE header followed by a dot (a JWT's, a JWS's, a
// JWE's), which says how the rest is signed or encrypted, not who holds
// it, and which many credentials share byte for byte. It names "alg"
// (RFC 7515, 7516): another token's JSON first segment may hold its
// secret ({"user":…,"key":…}), and was let through when echoed.
func commonHead(f string) int {
	i := strings.IndexByte(f, '.')
	if i < 4 {
		return 0
	}
	head := strings.TrimRight(f[:i], "=")
	b, err := base64.RawURLEncoding.DecodeString(head)
	var jose struct {
		Alg *string `json:"alg"`
	}
	if err != nil || len(b) == 0 || b[0] != '{' || json.Unmarshal(b, &jose) != nil || jose.Alg == nil {
		return 0
	}
	return i
}

// blockAt is the pieceBlock bytes of s from i as one number.
func blockAt[T string | []byte](s T, i int) uint64 {
	var k uint64
	for j := range pieceBlock {
		k = k<<8 | uint64(s[i+j])
	}
	return k
}

// filterBit is the bit of pieceIndex.filter for block k.
func filterBit(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> 48 }

// scanPieces calls found with the bounds of each run in s of minPiece
// bytes or more of one of p's forms, the longest at each place, left to
// right, none overlapping the one before, until found returns false.
func scanPieces[T string | []byte](p *pieceIndex, s T, found func(from, to int) bool) {
	if len(s) < pieceBlock {
		return
	}
	// k is the block at i, rolled on a byte at a time. lo is where the
	// last run found ends: a run is not taken back past it, as runs are
	// replaced as strings, and one overlapping the run before it would no
	// longer be there whole once that one was replaced, its rest kept.
	k := blockAt(s, 0) >> 8
	lo := 0
	// seen is, by form and diagonal (where in s the form would begin),
	// where the last run on it that was not taken ends: a block inside it
	// on the same diagonal extends to the same run, not taken again
	// either. Without it an echo of a long header (a JWT's 5 KB x5c,
	// commonHead's, never a run) was walked whole again at each of its
	// blocks. It holds while lo does: a run found clears it.
	var seen map[[2]int]int
	for i := 0; i+pieceBlock <= len(s); i++ {
		k = k<<8 | uint64(s[i+pieceBlock-1])
		if h := filterBit(k); p.filter[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		from, to := i, i
		for _, ref := range p.at[k] {
			diag := [2]int{ref.form, i - ref.off}
			if seen[diag] >= i+pieceBlock {
				continue
			}
			f := p.forms[ref.form]
			a, b := i, ref.off
			for a > lo && b > 0 && s[a-1] == f[b-1] {
				a, b = a-1, b-1
			}
			e, g := i+pieceBlock, ref.off+pieceBlock
			for e < len(s) && g < len(f) && s[e] == f[g] {
				e, g = e+1, g+1
			}
			p.walked += e - a
			// The bytes of the run in the form's header are not counted:
			// a run of them alone, or with a few bytes more, is any JWT's.
			own := e - a - max(0, min(g, p.heads[ref.form])-b)
			if own >= minPiece && e-a > to-from {
				from, to = a, e
			}
			if seen == nil {
				seen = map[[2]int]int{}
			}
			seen[diag] = e
		}
		if to > from {
			if !found(from, to) {
				return
			}
			clear(seen)
			lo, i = to, to-1
			if i+pieceBlock < len(s) {
				k = blockAt(s, i+1) >> 8
			}
		}
	}
}

// hasPiece reports whether s holds a run of minPiece bytes of one of p's
// forms; false for a nil p.
func hasPiece[T string | []byte](p *pieceIndex, s T) bool {
	if p == nil {
		return false
	}
	has := false
	scanPieces(p, s, func(int, int) bool { has = true; return false })
	return has
}

// replaceRuns is s, text with no escapes, with every run of p's forms in
// it replaced by Redacted.
func replaceRuns(p *pieceIndex, s string) string {
	var b strings.Builder
	last := 0
	scanPieces(p, s, func(from, to int) bool {
		b.WriteString(s[last:from] + Redacted)
		last = to
		return true
	})
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
