package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// lineProblem says why a line is no record in the recording's own terms:
// json's errors name Go types ("cannot unmarshal string into Go struct
// field diskRecord.Record.seq of type int64"), which tell a person who
// edited the file by hand nothing about what to put back. src is the
// line that err was decoding.
func lineProblem(src []byte, err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := jsonwhy.Kind(te.Type)
		field := jsonwhy.Field(te.Field)
		if num, ok := strings.CutPrefix(te.Value, "number "); ok && field != "" && want == "a number" {
			// A number where a number belongs: one it cannot hold (a
			// fraction, or beyond its range), which "a JSON number 1e400,
			// where a number belongs" would leave a person to guess.
			return fmt.Sprintf("its %q is the JSON number %s, where %s belongs", field, num, numberRange(te.Type))
		}
		if field != "" {
			return fmt.Sprintf("its %q is a JSON %s, where %s belongs", field, te.Value, want)
		}
		return fmt.Sprintf("it is a JSON %s, where a record is an object", te.Value)
	}
	var pe *time.ParseError
	if errors.As(err, &pe) {
		// A record's only time is its "time".
		return fmt.Sprintf("its \"time\" %q is not a time as RFC 3339 writes it, such as 2026-11-20T21:57:41Z", timeText(pe))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Where the line stops being JSON and what JSON wanted there,
		// as every bad JSON is said, not the scanner's "invalid
		// character 'o' looking for beginning of object key string".
		return "it is not JSON: " + jsonwhy.Syntax(trimLineEnd(src), err)
	}
	return err.Error()
}

// headerProblem says what is wrong with the value of a header field that
// err failed to decode, in the words lineProblem says a record's with: the
// json and time packages' own name Go types and layouts ("cannot unmarshal
// string into Go value of type int"), no help to a person fixing the file.
func headerProblem(raw json.RawMessage, err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if num, ok := strings.CutPrefix(te.Value, "number "); ok && jsonwhy.Kind(te.Type) == "a number" {
			return fmt.Sprintf("the JSON number %s, where %s belongs", num, numberRange(te.Type))
		}
		return fmt.Sprintf("a JSON %s, where %s belongs", te.Value, jsonwhy.Kind(te.Type))
	}
	var pe *time.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%q is not a time as RFC 3339 writes it, such as 2026-11-20T21:57:41Z", timeText(pe))
	}
	if doc, perr := jsonspan.Parse(raw, jsonspan.Limits{Depth: 1}); perr == nil && doc.Root().Kind() != jsonspan.String {
		// The only field whose type decodes itself, a time, says of
		// any other JSON only that it is not a string.
		return fmt.Sprintf("%s, where a string belongs (a time as RFC 3339 writes it, such as 2026-11-20T21:57:41Z)", doc.Root().KindName())
	}
	return err.Error()
}

// timeText is the string that pe, time.Time's refusal of a JSON string,
// failed to parse: time.Time reads the string's JSON spelling, escapes
// and all, which %q would quote a second time ("x\\u001b").
func timeText(pe *time.ParseError) string {
	var s string
	if json.Unmarshal([]byte(`"`+pe.Value+`"`), &s) == nil {
		return s
	}
	return pe.Value
}

// numberRange says which numbers a field of Go type t, a number type,
// holds.
func numberRange(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	// The largest of 64 bits shifted down to the type's: 1<<bits - 1
	// would overflow for the 64-bit types.
	unused := 64 - t.Bits()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		most := int64(math.MaxInt64) >> unused
		return fmt.Sprintf("a whole number from %d to %d", -most-1, most)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)>>unused)
	case reflect.Float32:
		return fmt.Sprintf("a number from -%g to %g", math.MaxFloat32, math.MaxFloat32)
	}
	return fmt.Sprintf("a number from -%g to %g", math.MaxFloat64, math.MaxFloat64)
}
