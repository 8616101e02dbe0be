package history

import (
	"reflect"
	"sync"

	"github.com/mcpscope/mcpscope/mcp"
)

var (
	rawType   = reflect.TypeFor[mcp.Raw]()
	eventType = reflect.TypeFor[mcp.SSEEvent]()
)

// ownText selects the strings mcpscope wrote: not the server's bytes (raw
// messages, bodies, events), which are kept exactly.
func ownText(t reflect.Type) bool { return t != rawType && t != eventType }

// everything selects every string.
func everything(reflect.Type) bool { return true }

// anyString reports whether f holds for a string reachable from v through
// values whose types enter accepts. Walking by reflection keeps fields added
// to mcp.Record later covered too.
func anyString(v reflect.Value, enter func(reflect.Type) bool, f func(string) bool) bool {
	if !enter(v.Type()) {
		return false
	}
	switch v.Kind() {
	case reflect.String:
		return f(v.String())
	case reflect.Pointer:
		return !v.IsNil() && anyString(v.Elem(), enter, f)
	case reflect.Struct:
		for _, i := range exportedFields(v.Type()) {
			if anyString(v.Field(i), enter, f) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if anyString(v.Index(i), enter, f) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if anyString(it.Value(), enter, f) {
				return true
			}
		}
	}
	return false
}

// stringsIn are the strings anyString would test, in its order: one walk
// of a record for all that is asked of its strings (each token, each
// test), not one for each.
func stringsIn(v reflect.Value, enter func(reflect.Type) bool) []string {
	var out []string
	anyString(v, enter, func(s string) bool {
		if s != "" {
			out = append(out, s)
		}
		return false
	})
	return out
}

// fieldsOf holds, by struct type, exportedFields' answer: asking a
// reflect.Type for each field on every record cost most of a walk (a
// proxied batch of 100,000 messages is 200,000 records).
var fieldsOf sync.Map // reflect.Type -> []int

// exportedFields are the indices of t's exported fields.
func exportedFields(t reflect.Type) []int {
	if f, ok := fieldsOf.Load(t); ok {
		return f.([]int)
	}
	var f []int
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			f = append(f, i)
		}
	}
	fieldsOf.Store(t, f)
	return f
}

// mapStrings replaces every string s reachable from v (through types enter
// accepts) by f(s), copying each pointer, slice and map on the way so the
// original record stays as it was.
func mapStrings(v reflect.Value, enter func(reflect.Type) bool, f func(string) string) {
	if !enter(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if t := f(s); t != s {
			v.SetString(t)
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(v.Elem())
		mapStrings(c.Elem(), enter, f)
		v.Set(c)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if fv := v.Field(i); fv.CanSet() {
				mapStrings(fv, enter, f)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			s := string(v.Bytes())
			if t := f(s); t != s {
				v.SetBytes([]byte(t))
			}
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := 0; i < c.Len(); i++ {
			mapStrings(c.Index(i), enter, f)
		}
		v.Set(c)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			mapStrings(e, enter, f)
			c.SetMapIndex(it.Key(), e)
		}
		v.Set(c)
	}
}
