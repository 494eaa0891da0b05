package demo;

import java.util.List;

public interface CheckMapper {
    List<Long> ordersWithoutDoneTask();
}
