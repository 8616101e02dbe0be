package history

import (
	"reflect"
	"sync"

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
	out, _ := RedactingText(in, opts, userURL)
	return out
}

// RedactingText is Redacting, and text, what redacts a text of mcpscope's
// own about the records (a proxied client's name, which it may spell with
// the key in its URL's query) by the same redactor: with the credentials
// the user gave and those it learnt from the records passed on so far.
// text may be called from any goroutine.
func RedactingText(in <-chan []mcp.Record, opts RecordOptions, userURL string) (records <-chan []mcp.Record, text func(string) string) {
	if opts.Secrets {
		return in, func(s string) string { return s }
	}
	r := newRedactor(opts, userURL)
	// The redactor learns as records pass; text reads what it learnt.
	var mu sync.Mutex
	out := make(chan []mcp.Record, 1)
	go func() {
		defer close(out)
		for batch := range in {
			shown := make([]mcp.Record, len(batch))
			mu.Lock()
			for i, rec := range batch {
				shown[i] = r.view(rec)
			}
			mu.Unlock()
			out <- shown
		}
	}()
	return out, func(s string) string {
		mu.Lock()
		defer mu.Unlock()
		// Viewed as a record holding it as mcpscope's own words: one
		// redactor's one way to redact.
		return r.view(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Message: s}}).Error.Message
	}
}

// view is rec as a recording holds it: redacted by record, then every
// token replaced, as scrub replaces them in a line (no line here to test
// first: the record's strings are searched directly). Its strings are
// walked once for its own text and every token, not once for each (a
// proxied batch of 100,000 messages is 200,000 records), and again only
// after redacting changed them or the tokens.
func (r *redactor) view(rec mcp.Record) mcp.Record {
	if r.off {
		return rec
	}
	v := reflect.ValueOf(&rec).Elem()
	mark, hits := r.viewWalk(v)
	tokens := r.tokensChanged
	rec, changed := r.recordOwn(rec, mark)
	for i := 0; i < len(r.tokens); i++ {
		if changed || r.tokensChanged != tokens {
			// What is left to replace, in the strings as they are now,
			// by the tokens as they are now (recordOwn may learn some).
			_, hits = r.viewWalk(v)
			changed, tokens = false, r.tokensChanged
		}
		if hits[i] {
			mapStrings(v, everything, r.tokens[i].replace)
			changed = true
		}
	}
	return rec
}

// viewWalk is one walk of v's strings: whether one may be an own string
// recordOwn changes or learns from (ownMark), and by token of r.tokens
// whether one holds it (token.in). The answer is the caller's own: a
// legacy recording's redactor views records from more than one goroutine
// (a replay's filter scan beside its screen), and hits shared in r were
// cleared by one view while another read them, showing a token.
func (r *redactor) viewWalk(v reflect.Value) (mark bool, hits []bool) {
	hits = make([]bool, len(r.tokens))
	anyString(v, everything, func(s string) bool {
		mark = mark || r.ownMark(s)
		for i, tok := range r.tokens {
			hits[i] = hits[i] || tok.in(s)
		}
		return false
	})
	return mark, hits
}
