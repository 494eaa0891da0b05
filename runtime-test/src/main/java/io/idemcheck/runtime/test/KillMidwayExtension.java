package io.idemcheck.runtime.test;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JUnit Jupiter extension behind {@link KillMidwayTest}.
 *
 * <ul>
 *   <li>For a method annotated {@link KillMidwayTest}: runs the scenario before the test method (after
 *       {@code @BeforeEach}) and resolves its {@link KillMidwayRun} parameter.</li>
 *   <li>For any test of a class that registers it ({@code @ExtendWith(KillMidwayExtension.class)}): resolves a
 *       {@link KillMidwayHarness} parameter for hand-written scenarios (parameterized tests, pausing, several
 *       workers).</li>
 *   <li>After each test: kills every child still running.</li>
 * </ul>
 */
public final class KillMidwayExtension implements BeforeTestExecutionCallback, AfterEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(KillMidwayExtension.class);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");

    @Override
    public void beforeTestExecution(ExtensionContext context) throws Exception {
        Optional<Method> method = context.getTestMethod();
        if (!method.isPresent()) {
            return;
        }
        Optional<KillMidwayTest> ann = AnnotationSupport.findAnnotation(method.get(), KillMidwayTest.class);
        if (!ann.isPresent()) {
            return;
        }
        KillMidwayTest a = ann.get();
        Object instance = context.getRequiredTestInstance();
        Map<String, String> vars = variables(instance);
        JobSpec spec = JobSpec.of(a.job()).withArgs(resolve(a.args(), vars)).withJvmArgs(
                resolve(a.jvmArgs(), vars).toArray(new String[0]));
        KillMidwayHarness harness = harness(context, Duration.ofSeconds(a.timeoutSeconds()));
        KillMidwayRun run = harness.killMidway(spec, a.crashPoint(), recovery(instance), a.restart());
        context.getStore(NS).put(KillMidwayRun.class, run);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        KillMidwayHarness h = context.getStore(NS).remove(KillMidwayHarness.class, KillMidwayHarness.class);
        if (h != null) {
            h.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext context) {
        Class<?> type = p.getParameter().getType();
        return type == KillMidwayHarness.class || type == KillMidwayRun.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext context) {
        Class<?> type = p.getParameter().getType();
        if (type == KillMidwayHarness.class) {
            return harness(context, KillMidwayHarness.DEFAULT_TIMEOUT);
        }
        KillMidwayRun run = context.getStore(NS).get(KillMidwayRun.class, KillMidwayRun.class);
        if (run == null) {
            throw new ParameterResolutionException("a KillMidwayRun parameter needs @KillMidwayTest on the test"
                    + " method (" + p.getDeclaringExecutable() + ")");
        }
        return run;
    }

    private static KillMidwayHarness harness(ExtensionContext context, Duration timeout) {
        ExtensionContext.Store store = context.getStore(NS);
        KillMidwayHarness h = store.get(KillMidwayHarness.class, KillMidwayHarness.class);
        if (h == null) {
            h = new KillMidwayHarness(timeout);
            store.put(KillMidwayHarness.class, h);
        }
        return h;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> variables(Object instance) throws Exception {
        Map<String, String> vars = new HashMap<>();
        for (Method m : AnnotationSupport.findAnnotatedMethods(instance.getClass(), KillMidwayVariables.class,
                HierarchyTraversalMode.TOP_DOWN)) {
            if (m.getParameterCount() != 0 || !Map.class.isAssignableFrom(m.getReturnType())) {
                throw new IllegalStateException("@KillMidwayVariables method must take no parameter and return"
                        + " Map<String, String>: " + m);
            }
            Map<String, ?> got = (Map<String, ?>) invoke(m, instance);
            if (got != null) {
                for (Map.Entry<String, ?> e : got.entrySet()) {
                    vars.put(e.getKey(), String.valueOf(e.getValue()));
                }
            }
        }
        return vars;
    }

    private static Recovery recovery(final Object instance) {
        List<Method> methods = AnnotationSupport.findAnnotatedMethods(instance.getClass(), KillMidwayRecovery.class,
                HierarchyTraversalMode.TOP_DOWN);
        if (methods.isEmpty()) {
            return Recovery.NONE;
        }
        if (methods.size() > 1) {
            throw new IllegalStateException("more than one @KillMidwayRecovery method: " + methods);
        }
        final Method m = methods.get(0);
        if (m.getParameterCount() > 1
                || (m.getParameterCount() == 1 && m.getParameterTypes()[0] != ChildResult.class)) {
            throw new IllegalStateException("@KillMidwayRecovery method must take no parameter or one ChildResult: "
                    + m);
        }
        return new Recovery() {
            @Override
            public void recover(ChildResult crashed) throws Exception {
                if (m.getParameterCount() == 0) {
                    invoke(m, instance);
                } else {
                    invoke(m, instance, crashed);
                }
            }
        };
    }

    private static Object invoke(Method m, Object instance, Object... args) throws Exception {
        m.setAccessible(true);
        try {
            return m.invoke(instance, args);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof Exception) {
                throw (Exception) c;
            }
            if (c instanceof Error) {
                throw (Error) c;
            }
            throw e;
        }
    }

    static List<String> resolve(String[] values, Map<String, String> vars) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            Matcher m = PLACEHOLDER.matcher(v);
            StringBuffer sb = new StringBuffer();
            while (m.find()) {
                String name = m.group(1);
                String value = vars.containsKey(name) ? vars.get(name) : System.getProperty(name);
                if (value == null) {
                    throw new IllegalArgumentException("no value for placeholder ${" + name + "} in '" + v
                            + "' (define it in a @KillMidwayVariables method or as a system property)");
                }
                m.appendReplacement(sb, Matcher.quoteReplacement(value));
            }
            m.appendTail(sb);
            out.add(sb.toString());
        }
        return out;
    }
}
