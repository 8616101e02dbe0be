// Package jsonfmt is the one JSON pretty-printer: the detail pane's coloured,
// bounded view and the exports' json.Indent-exact text are two sinks of the
// same walk.
//
// Walk reads the text token by token with the one JSON tokenizer
// (jsonspan.Scanner) and tells a Sink what to write and where lines break.
// It holds no tree and no output: a token goes to the sink as a slice of the
// text, so printing a gigabyte message costs what the sink keeps of it.
//
// Plain is the one compact encoder of a decoded value that leaves & < >
// as they are.
package jsonfmt

import (
	"errors"
	"io"
	"strings"
	"unsafe"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Kind is what a piece of output is, for a sink that colours it.
type Kind uint8

// The kinds of output.
const (
	// Punct is a bracket, a comma or a colon.
	Punct Kind = iota
	// Space is the space after a colon, or after a comma on a line that
	// holds a whole container (past Options.MaxIndent).
	Space
	// Key is an object member's key as written: quotes, escapes and all.
	Key
	// String is a string value as written.
	String
	// Number is a number as written.
	Number
	// Bool is true or false.
	Bool
	// Null is null.
	Null
	// Partial is a literal a Cut text ends inside of ("tr"): it may be
	// neither a Bool nor a Null.
	Partial
)

// Sink receives the output of Walk.
type Sink interface {
	// Write adds text, one piece of kind k without line breaks, to the
	// current line. It returns how many bytes of text it took: fewer than
	// all of them ends the walk, as when the sink is full.
	Write(k Kind, text string) int
	// Newline ends the current line and starts one for a member at depth
	// levels of nesting (0 for a top-level value).
	Newline(depth int)
}

// Options change what Walk accepts and how it lays the text out. The zero
// Options print exactly one value as json.Indent(dst, src, "", "  ") does,
// less the spaces after the value, which json.Indent keeps.
type Options struct {
	// MaxIndent, when positive, is the deepest level whose members get
	// lines of their own; a container nested deeper is written on the line
	// it starts on, its members after ", ". Nesting a hundred thousand
	// levels deep then costs what it weighs, not a line per level.
	MaxIndent int
	// Stream accepts any number of values one after another, as JSON lines
	// hold them; each after the first starts on a line of its own.
	Stream bool
	// Cut accepts a text cut short: whatever of a token is there is
	// written, and containers left open are not an error.
	Cut bool
}

// pairs holds the empty containers, written as one piece.
var pairs = [...]string{jsonspan.Object: "{}", jsonspan.Array: "[]"}

// Walk writes src pretty-printed to sink. Every member of an object or
// element of an array goes on its own line, indented one level deeper than
// its container; a key is followed by ": "; empty containers are {} and [].
// Scalars and keys are written exactly as they are in src.
//
// It returns how many bytes of src it wrote: all of them, or up to where
// the sink stopped taking output. Where src stops being JSON, it returns
// that offset and the *jsonspan.SyntaxError; the sink then holds the output
// up to there.
func Walk(src string, opt Options, sink Sink) (int, error) {
	// The scanner reads the text's bytes in place and never writes them.
	s := jsonspan.NewScanner(unsafe.Slice(unsafe.StringData(src), len(src)))
	s.Stream, s.Cut = opt.Stream, opt.Cut
	// flat is whether members at depth d share their container's line.
	flat := func(d int) bool { return opt.MaxIndent > 0 && d > opt.MaxIndent }
	const (
		atStart = iota
		afterOpen
		afterKey
		afterValue
	)
	state := atStart
	var open jsonspan.Token // an opening bracket not yet written
	end := 0                // where the last token ends
	put := func(k Kind, text string) bool { return sink.Write(k, text) == len(text) }
	for {
		err := s.Next()
		if err == io.EOF {
			switch {
			case state == afterOpen:
				if !put(Punct, src[open.From:open.To]) {
					return open.From, nil
				}
			case state != atStart:
				// A Cut text may end after a colon or a comma, which the
				// scanner reads with the token that never came.
				switch strings.Trim(src[end:], " \t\r\n") {
				case ":":
					if put(Punct, ":") {
						put(Space, " ")
					}
				case ",":
					put(Punct, ",")
				}
			}
			return len(src), nil
		}
		if err != nil {
			var se *jsonspan.SyntaxError
			if errors.As(err, &se) {
				return se.Offset, err
			}
			return 0, err
		}
		t := s.Token()
		end = t.To
		// What goes between the last token and this one.
		switch state {
		case afterOpen:
			if t.Close {
				if !put(Punct, pairs[t.Kind]) {
					return open.From, nil
				}
				state = afterValue
				continue
			}
			if !put(Punct, src[open.From:open.To]) {
				return open.From, nil
			}
			if !flat(t.Depth) {
				sink.Newline(t.Depth)
			}
		case afterKey:
			if !put(Punct, ":") || !put(Space, " ") {
				return t.From, nil
			}
		case afterValue:
			switch {
			case t.Close:
				if !flat(t.Depth + 1) {
					sink.Newline(t.Depth)
				}
			case t.Depth == 0:
				sink.Newline(0) // the next value of a stream
			case !put(Punct, ","):
				return t.From, nil
			case flat(t.Depth):
				if !put(Space, " ") {
					return t.From, nil
				}
			default:
				sink.Newline(t.Depth)
			}
		}
		if (t.Kind == jsonspan.Object || t.Kind == jsonspan.Array) && !t.Close {
			open, state = *t, afterOpen
			continue
		}
		text := src[t.From:t.To]
		if n := sink.Write(kindOf(t), text); n < len(text) {
			return t.From + n, nil
		}
		state = afterValue
		if t.Key {
			state = afterKey
		}
	}
}

// kindOf is the kind of output a token is.
func kindOf(t *jsonspan.Token) Kind {
	switch t.Kind {
	case jsonspan.String:
		if t.Key {
			return Key
		}
		return String
	case jsonspan.Number:
		return Number
	case jsonspan.Bool, jsonspan.Null:
		if t.Partial {
			return Partial
		}
		if t.Kind == jsonspan.Bool {
			return Bool
		}
		return Null
	}
	return Punct
}
