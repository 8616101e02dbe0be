package history

import (
	"reflect"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// Redacting passes on in's records as a recording of userURL made with
// opts holds them: credential headers, URL passwords and the tokens the
// user gave or a request carried, replaced by the recording's redactor.
// It is what a live screen shows: mcpscope demos tools on screens others
// watch, and a token shown there, or copied with y into a chat, is as lost
// as one in a file. With opts.Secrets (--record-secrets) records pass
// unchanged, as they are recorded. The out channel closes when in does;
// the caller's records are never changed.
func Redacting(in <-chan []mcp.Record, opts RecordOptions, userURL string) <-chan []mcp.Record {
	if opts.Secrets {
		return in
	}
	r := newRedactor(opts, userURL)
	out := make(chan []mcp.Record, 1)
	go func() {
		defer close(out)
		for batch := range in {
			shown := make([]mcp.Record, len(batch))
			for i, rec := range batch {
				shown[i] = r.view(rec)
			}
			out <- shown
		}
	}()
	return out
}

// view is rec as a recording holds it: redacted by record, then every
// token replaced, as scrub replaces them in a line (no line here to test
// first: the record's strings are searched directly). Its strings are
// walked for once, not once for its own text and once a token, and again
// only after redacting changed them.
func (r *redactor) view(rec mcp.Record) mcp.Record {
	if r.off {
		return rec
	}
	v := reflect.ValueOf(&rec).Elem()
	all := stringsIn(v, everything)
	rec, changed := r.recordOwn(rec, slices.ContainsFunc(all, r.ownMark))
	for _, tok := range r.tokens {
		if changed {
			all, changed = stringsIn(v, everything), false
		}
		if slices.ContainsFunc(all, tok.in) {
			mapStrings(v, everything, tok.replace)
			changed = true
		}
	}
	return rec
}
