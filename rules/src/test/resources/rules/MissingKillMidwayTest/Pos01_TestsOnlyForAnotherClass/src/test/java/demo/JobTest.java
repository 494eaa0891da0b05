package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class OtherTest {
    @Test
    void adds() {
        assertThat(Calculator.add(1, 2)).isEqualTo(3);
    }
}
