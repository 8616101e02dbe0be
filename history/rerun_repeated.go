package history

import (
	"crypto/sha256"
	"encoding/binary"
)

// A second tools/list of a recording re-run against another server
// differed as the first did, and the report printed the same 68 lines
// again. RepeatedDiffs finds such a result, so its line says which earlier
// one to read instead.

// RepeatedDiffs remembers the differences of a re-run's results, by a
// digest of them: a report of 100,000 requests does not keep their
// answers.
type RepeatedDiffs struct {
	seen map[[sha256.Size]byte]int
}

// Earlier is the N of the first result given before r whose method and
// differences are r's, 0 when there is none or r shows no diff (a failure,
// an unrecorded answer); r is remembered in the first case.
func (s *RepeatedDiffs) Earlier(r RerunResult) int {
	if !r.ShowsDiff() {
		return 0
	}
	h := sha256.New()
	field := func(v string) {
		// Each field with its length, so no two lists of fields read
		// alike run together.
		h.Write(binary.AppendUvarint(nil, uint64(len(v))))
		h.Write([]byte(v))
	}
	field(r.Method)
	for _, d := range r.Differences {
		field(d.Path)
		field(d.Kind)
		field(d.Of)
		field(d.Recorded)
		field(d.Live)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	if n, ok := s.seen[key]; ok {
		return n
	}
	if s.seen == nil {
		s.seen = map[[sha256.Size]byte]int{}
	}
	s.seen[key] = r.N
	return 0
}
