package command

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// The most a type description shows. It is drawn on one hint line, maybe
// every frame, while a schema may hold a million enum members or a union
// of thousands of branches: the cost of writing it must be what is shown.
const (
	typeTextMax      = 200 // runes of one TypeString
	typeTextEnum     = 8   // enum members shown
	typeTextBranches = 6   // anyOf/oneOf branches shown
	typeTextMember   = 40  // runes of one enum member shown
	typeTextVisits   = 256 // schemas looked at for one TypeString
)

// TypeString is the human form of the schema for hints, e.g. "integer (1..10)",
// "enum: a|b|c", "array of string", "string|null". Long lists end in
// "… (N more)", and the whole is at most a line.
func (s *Schema) TypeString() string {
	var w typeText
	w.schema(s)
	return schemaCap(string(w.b), typeTextMax)
}

// typeText writes a TypeString, refusing to start anything new once the
// line is full or enough of the schema was looked at.
type typeText struct {
	b      []byte
	visits int
}

func (w *typeText) full() bool { return len(w.b) >= typeTextMax || w.visits >= typeTextVisits }

func (w *typeText) str(s string) { w.b = append(w.b, s...) }

func (w *typeText) schema(s *Schema) {
	if w.full() {
		w.str("…")
		return
	}
	w.visits++
	if s == nil {
		w.str("any")
		return
	}
	if s.unread {
		w.str("…")
		return
	}
	if choices := s.Choices(); len(choices) > 0 {
		// A titled enum (a union of consts) reads as the enum it is,
		// each value with the title a form would show for it.
		more := 0
		if len(s.Enum) > 0 {
			more = s.enumMore
		}
		titles := s.ChoiceTitles()
		w.str("enum: ")
		w.list(len(choices)+more, len(choices), typeTextEnum, "|", func(i int) {
			w.str(schemaShowEnum(choices[i]))
			if i < len(titles) && titles[i] != "" {
				w.str(" (" + schemaCap(titles[i], typeTextMember) + ")")
			}
		})
		return
	}
	start := len(w.b)
	for i, t := range s.Type {
		if i > 0 {
			w.str("|")
		}
		if t == "array" && s.Items != nil {
			w.str("array of ")
			w.schema(s.Items)
			continue
		}
		w.str(t)
	}
	if len(w.b) == start {
		w.union(s)
	}
	if len(w.b) == start && len(s.Properties) > 0 {
		w.str("object")
	}
	if len(w.b) == start {
		w.str("any")
	}
	if s.Format != "" && slices.Contains(s.Type, "string") {
		w.str(" (" + s.Format + ")")
	}
	if r := schemaRange(s); r != "" {
		w.str(" (" + r + ")")
	}
	if l := schemaLengths(s); l != "" {
		w.str(" (length " + l + ")")
	}
}

// union writes the branches of s's anyOf and oneOf as one list, looking
// through branches that are unions themselves and writing each schema once:
// a union of two references to one type reads as that type.
func (w *typeText) union(s *Schema) {
	var shown, walked []*Schema // both short: shown stops at typeTextBranches, walked at typeTextVisits
	more := 0
	var walk func(u *Schema)
	walk = func(u *Schema) {
		for b := range u.branches() {
			switch {
			case schemaPureUnion(b) && w.visits < typeTextVisits:
				if !slices.Contains(walked, b) {
					w.visits++
					walked = append(walked, b)
					walk(b)
				}
			case slices.Contains(shown, b):
			case len(shown) == typeTextBranches || w.full():
				more++
			default:
				if len(shown) > 0 {
					w.str(" | ")
				}
				shown = append(shown, b)
				w.schema(b)
			}
		}
	}
	walk(s)
	if more > 0 {
		w.str(" | … (" + strconv.Itoa(more) + " more)")
	}
}

// schemaPureUnion reports whether s says nothing but anyOf/oneOf, so that a
// list of its branches says all it does.
func schemaPureUnion(s *Schema) bool {
	return s != nil && !s.unread && len(s.Type) == 0 && len(s.Enum) == 0 && len(s.Properties) == 0 &&
		len(s.AnyOf)+len(s.OneOf) > 0 && schemaRange(s) == "" && schemaLengths(s) == ""
}

// list writes the first items of n (only the first have ones are at hand),
// at most shown of them, and how many it left out.
func (w *typeText) list(n, have, shown int, sep string, item func(i int)) {
	for i := range n {
		if i > 0 {
			w.str(sep)
		}
		if i == shown || i == have || w.full() {
			w.str("… (" + strconv.Itoa(n-i) + " more)")
			return
		}
		item(i)
	}
}

// maxSafeInteger is 2^53-1, JavaScript's Number.MAX_SAFE_INTEGER.
const maxSafeInteger = 1<<53 - 1

// schemaRange describes numeric bounds; the common closed range reads as "1..10".
// The safe-integer bounds that zod's .int() writes into every integer of a
// TypeScript server (-9007199254740991..9007199254740991) are not a range
// anyone chose, and are left unsaid.
func schemaRange(s *Schema) string {
	lo, hi := s.Minimum, s.Maximum
	if lo != nil && *lo == -maxSafeInteger {
		lo = nil
	}
	if hi != nil && *hi == maxSafeInteger {
		hi = nil
	}
	if lo != nil && hi != nil && s.ExclusiveMinimum == nil && s.ExclusiveMaximum == nil && !math.IsInf(*lo, 0) && !math.IsInf(*hi, 0) {
		return schemaNum(*lo) + ".." + schemaNum(*hi)
	}
	var parts []string
	for _, b := range []struct {
		op string
		v  *float64
	}{{">=", lo}, {">", s.ExclusiveMinimum}, {"<=", hi}, {"<", s.ExclusiveMaximum}} {
		if b.v != nil {
			parts = append(parts, b.op+" "+schemaNum(*b.v))
		}
	}
	return strings.Join(parts, ", ")
}

func schemaLengths(s *Schema) string {
	switch {
	case s.MinLength != nil && s.MaxLength != nil:
		return strconv.Itoa(*s.MinLength) + ".." + strconv.Itoa(*s.MaxLength)
	case s.MinLength != nil:
		return ">= " + strconv.Itoa(*s.MinLength)
	case s.MaxLength != nil:
		return "<= " + strconv.Itoa(*s.MaxLength)
	}
	return ""
}

// schemaNum writes a bound as typed: whole numbers in full (2147483647,
// not 2.147483647e+09), others in the shortest form, and one past
// float64's range (schemaFloat's infinity) said to be so.
func schemaNum(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "a number past float64's range"
	case math.IsInf(f, -1):
		return "a negative number past float64's range"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// DefaultString is the schema's "default" as a person reads it (a plain
// string bare, anything else as compact JSON, long ones cut), or "" when
// it gives none.
func (s *Schema) DefaultString() string {
	if s == nil || len(s.Default) == 0 {
		return ""
	}
	return schemaShowEnum(s.Default)
}

// schemaShowEnum prints plain string members bare (a|b|c) and everything else as
// JSON, at most typeTextMember runes of it: a member can be a megabyte long.
func schemaShowEnum(e json.RawMessage) string {
	if len(e) > 4*typeTextMember {
		shown := schemaCap(clip.Prefix(string(e), 4*typeTextMember), typeTextMember)
		if !strings.HasSuffix(shown, "…") {
			shown += "…"
		}
		return shown
	}
	var str string
	if json.Unmarshal(e, &str) == nil && str != "" && !strings.ContainsAny(str, "| \t\n\"") {
		return schemaCap(str, typeTextMember)
	}
	var b bytes.Buffer
	if json.Compact(&b, e) != nil {
		return schemaCap(string(e), typeTextMember)
	}
	return schemaCap(b.String(), typeTextMember)
}
