package io.idemcheck.runtime.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the method of a test class that a {@link KillMidwayTest} runs between the kill and the restart (for example
 * {@code Leases.awaitRecovery(claimer, Duration.ofMillis(200), 1, Duration.ofSeconds(10))}). It takes no parameter
 * or one {@link ChildResult} (the killed child). At most one per class hierarchy.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface KillMidwayRecovery {
}
