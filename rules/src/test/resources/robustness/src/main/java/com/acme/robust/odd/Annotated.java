package com.acme.robust.odd;

import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import java.util.List;

/** Annotations in odd places: type uses, receivers, type parameters, array dimensions, throws, casts. */
public class Annotated<@Annotated.Tag T> {

    @Target({ElementType.TYPE_USE, ElementType.TYPE_PARAMETER, ElementType.PARAMETER, ElementType.METHOD})
    @interface Tag {
        String value() default "";
    }

    @Tag
    public @Tag List<@Tag String> names(@Tag Annotated<T> this, @Tag("p") int @Tag [] ids)
            throws @Tag IllegalStateException {
        Object o = (@Tag Object) ids;
        String @Tag [] @Tag [] grid = new String @Tag [1] @Tag [2];
        return List.of(String.valueOf(o), grid[0][1]);
    }
}
