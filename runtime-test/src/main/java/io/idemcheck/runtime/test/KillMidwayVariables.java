package io.idemcheck.runtime.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a no-argument method of a test class returning {@code Map<String, String>}: its entries fill the
 * {@code ${name}} placeholders of {@link KillMidwayTest#args()} and {@link KillMidwayTest#jvmArgs()} (for example a
 * JDBC URL or table names created in {@code @BeforeEach}). Called after the {@code @BeforeEach} methods.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface KillMidwayVariables {
}
