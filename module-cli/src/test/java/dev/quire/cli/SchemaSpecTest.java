package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.cli.csv.SchemaSpec;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code --schema} syntax: every type, nullability, quoting, and the errors. */
class SchemaSpecTest {

    @Test
    void parsesEveryType() {
        Map<String, DType> s = SchemaSpec.parse(" a:bool , b:i8?, c:u64, d:f32, e:decimal( 15 , 2 )?, f:string,"
                + "g:binary?, h:date, i:timestamp, j:timestamp(ms), k:timestamp(ns,Europe/Paris)?, l:null,"
                + "`odd, name: (x)?`:utf8");
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "odd, name: (x)?"),
                new ArrayList<>(s.keySet()));
        assertEquals(new DType.Bool(false), s.get("a"));
        assertEquals(new DType.Primitive(PType.I8, true), s.get("b"));
        assertEquals(new DType.Primitive(PType.U64, false), s.get("c"));
        assertEquals(new DType.Decimal(15, 2, true), s.get("e"));
        assertEquals(new DType.Utf8(false), s.get("f"));
        assertEquals(new DType.Binary(true), s.get("g"));
        assertEquals(Temporal.date(TimeUnit.DAYS, false), s.get("h"));
        assertEquals(Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), false), s.get("i"));
        assertEquals(Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.empty(), false), s.get("j"));
        assertEquals(Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.of("Europe/Paris"), true), s.get("k"));
        assertEquals(new DType.Null(), s.get("l"));
    }

    @Test
    void formatReadsBackToTheSameSchema() {
        DType.Struct schema = DType.Struct.of(
                new Field("plain", new DType.Primitive(PType.I64, true)),
                new Field("with space", new DType.Decimal(38, 10, false)),
                new Field("tick`s", Temporal.timestamp(TimeUnit.SECONDS, Optional.of("UTC"), true)),
                new Field("n", new DType.Null()));
        String text = SchemaSpec.format(schema);
        assertEquals("plain:i64?,`with space`:decimal(38,10),`tick``s`:timestamp(s,UTC)?,n:null", text);
        Map<String, DType> parsed = SchemaSpec.parse(text);
        List<Field> fields = new ArrayList<>();
        parsed.forEach((name, dtype) -> fields.add(new Field(name, dtype)));
        assertEquals(schema, new DType.Struct(fields, false));
    }

    @Test
    void rejectsWhatItCannotRead() {
        for (String bad : new String[] {"a", "a:", ":i64", "a:int", "a:i64,a:i32", "a:decimal", "a:decimal(2)",
            "a:decimal(x,1)", "a:decimal(80,2)", "a:timestamp(h)", "a:timestamp(us,Mars/Olympus)", "a:date(1)",
            "`a:i64", "a:decimal(3,1", "a:null?", "a:i64,,b:i64"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> SchemaSpec.parse(bad),
                    bad);
            assertTrue(e.getMessage().startsWith("bad --schema `" + bad + "`: "), e.getMessage());
        }
    }
}
