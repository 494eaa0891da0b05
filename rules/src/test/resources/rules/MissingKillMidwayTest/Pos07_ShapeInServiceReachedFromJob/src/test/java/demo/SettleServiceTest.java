package demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.*;

import org.junit.jupiter.api.Test;


class SettleServiceTest {
    SettleService service = new SettleService();

    @Test
    void settles() {
        service.settle(new Task());
        assertThat(service).isNotNull();
    }
}
