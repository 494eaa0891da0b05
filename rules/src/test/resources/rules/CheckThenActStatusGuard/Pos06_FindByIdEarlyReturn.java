// A JPA findById, then an early return unless the order is NEW, then a status change saved by id: two consumers of a redelivered message both pass the check.
package com.example.idem004.pos06;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;

@Service
public class ShipmentService {

    private final OrderRepository orderRepository;

    public ShipmentService(OrderRepository orderRepository) {
        this.orderRepository = orderRepository;
    }

    public void ship(long orderId) {
        PurchaseOrder o = orderRepository.findById(orderId).orElseThrow();
        if (o.getStatus() != OrderStatus.NEW) { // expect: IDEM004
            return;
        }
        o.setStatus(OrderStatus.SHIPPED);
        orderRepository.save(o);
    }
}

enum OrderStatus { NEW, SHIPPED }

interface OrderRepository extends JpaRepository<PurchaseOrder, Long> {
}

class PurchaseOrder {
    private Long id;
    private OrderStatus status;

    public Long getId() { return id; }
    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}
